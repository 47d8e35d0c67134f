"""The lab's tests of a difference (issue #32): two rates, two means, the value of moving first, and
Holm's correction for the many comparisons of one page. Standard library only, checked against
published values."""

from __future__ import annotations

import math
import random

from petteia_core.lab.stats import binomial_p, first_move_value, holm, mean_interval, two_means, two_proportions


def test_newcombes_interval_matches_his_published_examples():
    t = two_proportions(56, 70, 48, 80)  # Newcombe (1998), method 10: 0.0524 to 0.3339
    assert math.isclose(t["low"], 0.0524, abs_tol=1e-4) and math.isclose(t["high"], 0.3339, abs_tol=1e-4)
    t = two_proportions(9, 10, 3, 10)  # 0.1705 to 0.8090
    assert math.isclose(t["low"], 0.1705, abs_tol=1e-4) and math.isclose(t["high"], 0.8090, abs_tol=1e-4)


def test_the_two_proportion_test_is_the_pooled_z_test():
    t = two_proportions(30, 100, 50, 100)  # z = 0.2 / sqrt(0.4 * 0.6 * 0.02) = 2.887
    assert math.isclose(t["p"], 0.00389, abs_tol=1e-5)
    same = two_proportions(12, 40, 12, 40)
    assert same["p"] == 1 and same["low"] < 0 < same["high"]
    assert two_proportions(0, 40, 0, 40)["p"] == 1  # nothing to tell apart


def test_equal_rates_are_seldom_called_different():
    rng = random.Random(1)
    calls = 0
    for _ in range(400):
        a = sum(rng.random() < 0.3 for _ in range(200))
        b = sum(rng.random() < 0.3 for _ in range(200))
        calls += two_proportions(a, 200, b, 200)["p"] < 0.05
    assert calls <= 40  # about 5 % of 400; far above would be a wrong test


def test_two_means_reads_the_standard_errors_from_the_intervals():
    a, b = mean_interval([1.0, 2, 3, 4, 5] * 10), mean_interval([3.0, 4, 5, 6, 7] * 10)
    t = two_means(a, b)
    assert math.isclose(t["difference"], -2) and t["p"] < 1e-6 and t["high"] < 0
    assert two_means(a, a)["p"] == 1


def test_the_value_of_moving_first_is_a_sign_test():
    assert math.isclose(binomial_p(15, 20), 0.041389, abs_tol=1e-6) and binomial_p(10, 20) == 1
    v = first_move_value(60, 40)
    assert v["games"] == 100 and math.isclose(v["p"], 0.0569, abs_tol=1e-4) and v["share"] == 0.6
    assert first_move_value(0, 0)["p"] == 1


def test_holm_keeps_the_family_wise_error():
    assert holm([0.01, 0.04, 0.03, 0.5]) == [True, False, False, False]
    assert holm([0.001, 0.011, 0.02]) == [True, True, True]  # 0.001 < .05/3, 0.011 < .05/2, 0.02 < .05
    assert holm([]) == []

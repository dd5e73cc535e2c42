"""Cardinality as TF 2.21's kernels compute it (C++ int64 arithmetic, only -1 / -2 are markers), skip(-1)
reading nothing, and repeat() of an empty dataset ending.

Golden counts printed by TF 2.21, e.g. `int(tf.data.Dataset.range(3).take(-5).batch(2).cardinality())`
(probes /work/notes/progs/data11/p1.py, p2.py).
"""
import pytest

import framework as tf

R = tf.data.Dataset.range


def _filtered():
    return R(5).filter(lambda x: x > 1)


@pytest.mark.parametrize('make, count', [
    (lambda: R(3).take(-5), -5),                                  # min(3, -5): only -1 means "all" to the count
    (lambda: R(3).take(-5).batch(2), -1),                         # -5 / 2 + 1 in C++ (truncating)
    (lambda: R(3).take(-5).batch(2, drop_remainder=True), -2),
    (lambda: R(3).take(-5).repeat(2), -10),
    (lambda: R(3).take(-5).skip(1), 0),
    (lambda: tf.data.Dataset.zip((R(3).take(-5), R(3))), -5),
    (lambda: R(3).take(-5).concatenate(R(2)), -3),
    (lambda: R(3).take(-5).shard(2, 0), -2),
    (lambda: R(3).take(-5).shard(3, 2), -1),
    (lambda: R(3).take(-5).enumerate(), -5),
    (lambda: R(3).repeat().take(-5), -5),
    (lambda: R(3).take(-5).take(2), -5),
    (lambda: R(3).take(-7).take(-3), -7),
    (lambda: R(3).take(-5).window(2, drop_remainder=True), 0),
    (lambda: _filtered().take(-5), -2),
    (lambda: _filtered().skip(-1), -2),
    (lambda: R(3).take(-1), 3),
])
def test_counts_go_on_from_a_negative_take(make, count):
    assert int(make().cardinality()) == count


@pytest.mark.parametrize('args, count', [
    ((3, 1, 2, True), 6), ((3, 2, 3, True), 2), ((4, 1, 3, True), 1), ((1, 1, 5, True), 10),
    ((3, 2, 2), 5), ((2, 3, 1, True), 3),
])
def test_window_count_spans_the_stride(args, count):
    windows = R(10).window(*args)
    assert int(windows.cardinality()) == count
    assert len(list(windows)) == count            # the count is what iteration gives


def test_take_of_a_negative_count_still_gives_every_element():
    assert list(R(3).take(-5).as_numpy_iterator()) == [0, 1, 2]
    with pytest.raises(ValueError, match=r'__len__\(\) should return >= 0'):
        len(R(3).take(-5))


def test_skip_of_a_negative_count_reads_no_input():
    assert list(R(3).repeat().skip(-1).take(3).as_numpy_iterator()) == []
    reads = []
    ds = tf.data.Dataset.from_generator(lambda: (reads.append(i) or i for i in range(3)),
                                        output_signature=tf.TensorSpec((), tf.int64))
    assert list(ds.skip(-1)) == [] and reads == []


def test_endless_repeat_of_an_empty_first_pass_ends():
    assert list(R(0).repeat().as_numpy_iterator()) == []
    assert list(_filtered().filter(lambda x: x > 9).repeat().take(3).as_numpy_iterator()) == []


def test_finite_repeat_tries_every_pass():
    passes = []

    def gen():
        passes.append(1)
        if len(passes) > 1:          # empty the first time only
            yield len(passes)
    ds = tf.data.Dataset.from_generator(gen, output_signature=tf.TensorSpec((), tf.int64))
    assert list(ds.repeat(3).as_numpy_iterator()) == [2, 3]

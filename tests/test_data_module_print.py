"""framework.data.Dataset, framework.Module and framework.print: the tf.data / tf.Module /
tf.print behaviour TensorFlow tutorials rely on."""
import sys

import numpy as np
import pytest

import framework as tf


def rows(dataset):
    return [tuple(np.asarray(part).tolist() for part in element) if isinstance(element, tuple)
            else np.asarray(element).tolist() for element in dataset]


def test_from_tensor_slices_batches_with_a_smaller_last_batch():
    ds = tf.data.Dataset.from_tensor_slices((np.arange(10).reshape(5, 2), np.arange(5))).batch(2)
    assert len(ds) == 3
    assert rows(ds) == [([[0, 1], [2, 3]], [0, 1]), ([[4, 5], [6, 7]], [2, 3]), ([[8, 9]], [4])]
    assert len(tf.data.Dataset.from_tensor_slices(np.arange(5)).batch(2, drop_remainder=True)) == 2


def test_python_lists_take_tensorflow_dtypes():
    element = next(iter(tf.data.Dataset.from_tensor_slices([1.0, 2.0])))
    assert element.dtype == tf.float32
    assert next(iter(tf.data.Dataset.from_tensor_slices([1, 2]))).dtype == tf.int32


def test_shuffle_is_a_permutation_reproducible_with_set_seed():
    def order():
        tf.random.set_seed(7)
        ds = tf.data.Dataset.range(20).shuffle(5)
        return [rows(ds), rows(ds)]
    first, again = order(), order()
    assert first == again                          # same seed, same orders
    assert sorted(first[0]) == list(range(20))     # a permutation
    assert first[0] != first[1]                    # reshuffled each iteration
    fixed = tf.data.Dataset.range(20).shuffle(5, seed=3, reshuffle_each_iteration=False)
    assert rows(fixed) == rows(fixed)


def test_map_filter_repeat_take_skip_zip_enumerate_cache_unbatch():
    ds = tf.data.Dataset.range(6)
    assert rows(ds.map(lambda v: v * 2)) == [0, 2, 4, 6, 8, 10]
    assert rows(ds.filter(lambda v: v % 2 == 0)) == [0, 2, 4]
    assert rows(ds.take(2).repeat(2)) == [0, 1, 0, 1]
    assert rows(ds.skip(4)) == [4, 5]
    assert rows(tf.data.Dataset.zip((ds.take(2), ds.skip(4)))) == [(0, 4), (1, 5)]
    assert rows(ds.take(2).enumerate(1)) == [(1, 0), (2, 1)]
    assert rows(ds.batch(4).unbatch()) == list(range(6))
    assert rows(ds.cache().prefetch(tf.data.AUTOTUNE)) == list(range(6))
    pairs = tf.data.Dataset.from_tensor_slices((np.ones((3, 2), 'float32'), np.arange(3)))
    assert [x.shape for x, _ in pairs.map(lambda x, y: (x * 2, y))] == [(2,)] * 3


def test_dataset_errors_say_what_is_wrong():
    with pytest.raises(ValueError, match='different first dimensions'):
        tf.data.Dataset.from_tensor_slices((np.ones(3), np.ones(4)))
    with pytest.raises(ValueError, match='needs a first axis'):
        tf.data.Dataset.from_tensor_slices(np.float32(1.0))
    with pytest.raises(ValueError, match='batch_size must be positive'):
        tf.data.Dataset.range(3).batch(0)
    with pytest.raises(TypeError, match='^The dataset length is unknown[.]'):
        len(tf.data.Dataset.range(3).filter(lambda v: v > 0))


class Linear(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable(5.0)
        self.b = tf.Variable(0.0)
        self.frozen = tf.Variable(1.0, trainable=False)

    def __call__(self, x):
        return self.w * x + self.b


class Outer(tf.Module):
    def __init__(self):
        super().__init__(name='outer')
        self.blocks = [Linear(), Linear()]


def test_module_finds_variables_in_sorted_attribute_order_as_tensorflow():
    m = Linear()
    # TensorFlow 2.21 lists tf.Module variables by sorted attribute name: b, frozen, w.
    assert [float(v) for v in m.variables] == [0.0, 1.0, 5.0]
    assert [float(v) for v in m.trainable_variables] == [0.0, 5.0]
    assert m.name == 'linear'
    outer = Outer()
    assert outer.name == 'outer' and len(outer.trainable_variables) == 4 and len(outer.submodules) == 2


def test_module_trains_with_a_tape():
    m = Linear()
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(m(tf.constant([1.0, 2.0])) - tf.constant([3.0, 5.0])))
    grads = tape.gradient(loss, m.trainable_variables)
    # loss = mean((5x + b - y)^2) at x=[1,2], y=[3,5]: d/db = mean(2 * [2, 5]) = 7, d/dw = mean(2 * [2, 10]) = 12
    assert [float(g) for g in grads] == [7.0, 12.0]


def test_print_writes_values_like_tf_print(capsys):
    tf.print(tf.constant([1, 2, 3]), 'and', tf.constant(2.5), output_stream=sys.stdout)
    tf.print(tf.range(10))
    captured = capsys.readouterr()
    assert captured.out == '[1 2 3] and 2.5\n'
    assert captured.err == '[0 1 2 ... 7 8 9]\n'

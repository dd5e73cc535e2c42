"""An IndexedSlices gradient (tf.gather / gather_nd of a variable) used as an operand of *, / or - beside a
tensor is densified on the recording tapes, as TF's conversion function does: a second derivative through
``tape.gradient(...) * c`` was None in tapeflow (the operand became a raw array). Values printed by TF 2.21
(progs/gradfuzz7/t_is_ops.py, t_gnd3.py)."""
import pytest

import framework as tf


def _second(combine):
    x = tf.Variable([1.1, -0.35, 0.46], dtype=tf.float64)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(tf.sin(tf.gather(x, [2, 2, 0])))
        g = inner.gradient(y, x)
        assert type(g).__name__ == 'IndexedSlices'
        s = tf.reduce_sum(combine(g))
    return tf.convert_to_tensor(outer.gradient(s, x)).numpy().tolist()


C = tf.constant([1., 2., 3.], tf.float64)


@pytest.mark.parametrize('name, combine, expected', [
    ('g*c', lambda g: g * C, [-0.8912073600614354, 0.0, -2.6636886417931187]),
    ('c*g', lambda g: C * g, [-0.8912073600614354, 0.0, -2.6636886417931187]),
    ('multiply', lambda g: tf.multiply(g, C), [-0.8912073600614354, 0.0, -2.6636886417931187]),
    ('g/c', lambda g: g / C, [-0.8912073600614354, 0.0, -0.2959654046436798]),
    ('c/g', lambda g: C / g, [4.331517763145194, 0.0, 0.8293857287732791]),
    ('c-g', lambda g: C - g, [0.8912073600614354, 0.0, 0.8878962139310396]),
])
def test_second_derivative_through_slices_operand(name, combine, expected):
    assert _second(combine) == expected


def test_third_derivative_through_gather_nd_rows():
    x = tf.Variable([1.1, -0.35, 0.46], dtype=tf.float64)
    with tf.GradientTape() as t3:
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                y = tf.reduce_sum(tf.sin(tf.gather_nd(x, [[2]])))
            gs = tf.reduce_sum(t1.gradient(y, x))
        g2 = t2.gradient(gs, x)
        g2s = tf.reduce_sum(g2 * tf.constant([1.07, -0.16, -1.35], tf.float64))
    g3 = t3.gradient(g2s, x)
    assert g3.indices.numpy().tolist() == [2]
    assert g3.values.numpy().tolist() == [1.209670871659459]


def test_slices_of_another_dtype_refused_in_tf_words():
    g = tf.IndexedSlices(tf.constant([1.0, 2.0]), tf.constant([0, 2]), tf.constant([3]))
    with pytest.raises(ValueError) as info:
        tf.constant([1., 2., 3.], tf.float64) * g
    assert str(info.value) == (
        'Incompatible tensor conversion requested to `dtype` float64 for IndexedSlices (IndexedSlices(indices='
        'tf.Tensor([0 2], shape=(2,), dtype=int32), values=tf.Tensor([1. 2.], shape=(2,), dtype=float32), '
        'dense_shape=tf.Tensor([3], shape=(1,), dtype=int32))) with dtype float32')
    assert (tf.constant([1., 2., 3.]) * g).numpy().tolist() == [1.0, 0.0, 6.0]

"""tf.nn.max_pool_with_argmax differentiates as TF 2.21 does: its gradient is MaxPoolGradWithArgmax, which
adds each pooled gradient at its window's argmax, and which registers no gradient, so a second derivative
through it raises the registry's LookupError (tapeflow differentiated max_pool's rule again and answered).

Goldens: TF 2.21 on the AMD EPYC, /work/notes/progs/gradfuzz32/p20.py: 34 of 34 lines equal (18 before:
the 16 second-derivative lines answered where TF raises).
"""
import numpy as np
import pytest

import framework as tf

GOLDEN = {
    'float32 3 1 SAME True g': (
        '0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x0.0p+0 0x1.44f4040000000p+3 -0x0.0p+0 -0x0.0p+0 0x1.1e29400000000p-1 '
        '0x0.0p+0 0x0.0p+0 0x1.75aba60000000p-1 0x0.0p+0 -0x0.0p+0 0x1.6a92b40000000p+2 -0x0.0p+0 -0x0.0p+0 '
        '0x1.42a5e40000000p-3 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x0.0p+0 -0x0.0p+0 0x1.0e37ee0000000p+4 '
        '-0x0.0p+0 0x1.5ade720000000p-3 -0x1.2515900000000p+1 0x0.0p+0 0x0.0p+0 0x1.eb851e0000000p-3 -0x0.0p+0 '
        '-0x0.0p+0 0x1.525ede0000000p+2 -0x0.0p+0 0x0.0p+0 -0x1.59b7240000000p+1 0x0.0p+0 0x0.0p+0 0x0.0p+0 '
        '-0x0.0p+0 -0x0.0p+0 -0x0.0p+0 -0x1.3897a60000000p-4 0x0.0p+0 0x0.0p+0 -0x1.9748280000000p+3 0x0.0p+0 '
        '0x0.0p+0 -0x1.97cb8a0000000p-2 -0x0.0p+0 -0x0.0p+0 -0x1.8578f80000000p-2 0x0.0p+0 0x0.0p+0 '
        '-0x1.b0e2620000000p+3 -0x1.703dce0000000p-3 0x0.0p+0 0x1.5b38c20000000p-2 -0x0.0p+0 -0x0.0p+0 -0x0.0p+0 '
        '0x0.0p+0 0x0.0p+0 0x1.863a420000000p-1 -0x1.862b040000000p-1 0x0.0p+0 0x1.a8e6620000000p-3 '
        '0x1.2af7960000000p+3 -0x0.0p+0 -0x0.0p+0 0x1.318abe0000000p-1 0x0.0p+0 0x0.0p+0 0x1.d8bdda0000000p-3 '
        '0x0.0p+0 -0x0.0p+0 0x1.9c9c180000000p+3 -0x0.0p+0 -0x0.0p+0 0x0.0p+0 '),
    'float32 traced': (
        '0x0.0p+0 0x0.0p+0 0x1.0000000000000p+2 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.8000000000000p+3 '
        '0x1.0000000000000p+2 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.8000000000000p+3 0x0.0p+0 0x0.0p+0 0x0.0p+0 '
        '0x1.0000000000000p+2 0x1.8000000000000p+2 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+2 '
        '0x1.0000000000000p+1 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+2 0x1.8000000000000p+2 0x0.0p+0 '
        '0x0.0p+0 0x0.0p+0 0x1.0000000000000p+3 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.4000000000000p+3 0x0.0p+0 '
        '0x0.0p+0 0x0.0p+0 0x1.0000000000000p+2 0x1.0000000000000p+3 0x1.0000000000000p+1 0x0.0p+0 0x0.0p+0 '
        '0x0.0p+0 0x1.4000000000000p+3 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+1 0x0.0p+0 0x0.0p+0 '
        '0x0.0p+0 0x1.0000000000000p+2 0x1.0000000000000p+2 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+1 '
        '0x1.0000000000000p+1 0x1.0000000000000p+1 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+1 0x1.0000000000000p+4 '
        '0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+1 0x1.8000000000000p+3 0x0.0p+0 0x0.0p+0 0x0.0p+0 '
        '0x1.0000000000000p+3 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.0000000000000p+2 0x0.0p+0 '),
    'float64 [2, 3] [1, 2] VALID True g': (
        '0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x0.0p+0 0x1.b1455d430dd3fp+1 -0x0.0p+0 -0x0.0p+0 0x1.7d8c55690088bp-3 '
        '0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x0.0p+0 0x1.e36e46c23bcc0p+0 0x1.0c36191b1eb0bp-1 -0x0.0p+0 '
        '0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x0.0p+0 -0x0.0p+0 0x1.e0636e14b28fcp+1 -0x0.0p+0 '
        '0x1.5ade730138eadp-3 -0x1.d4ef483e831ecp-1 0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x0.0p+0 -0x0.0p+0 '
        '0x1.c3292ad12cbb8p-1 -0x0.0p+0 0x0.0p+0 -0x1.59b724b88a8d3p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x0.0p+0 '
        '-0x0.0p+0 -0x0.0p+0 -0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x1.0f85705ec96abp+2 0x0.0p+0 0x0.0p+0 -0x0.0p+0 '
        '-0x0.0p+0 -0x0.0p+0 -0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x1.eeb9954844198p+2 -0x1.703dd2124ce89p-3 0x0.0p+0 '
        '-0x0.0p+0 -0x0.0p+0 -0x0.0p+0 -0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 -0x1.862b029a3ed21p-1 0x0.0p+0 '
        '-0x0.0p+0 0x1.55ad3f66f33efp+1 -0x0.0p+0 -0x0.0p+0 0x0.0p+0 0x0.0p+0 0x0.0p+0 0x1.3b29615aedb7dp-4 '
        '0x0.0p+0 -0x0.0p+0 0x1.1312ba3ee55b7p+1 -0x0.0p+0 -0x0.0p+0 0x0.0p+0 '),
}


def _values(dtype):
    v = tf.constant(np.round(np.sin(np.arange(80) * 1.3) * 2, 1).reshape(2, 4, 5, 2), dtype)
    w = tf.constant(np.round(np.cos(np.arange(80) * 0.7), 2).reshape(2, 4, 5, 2), dtype)
    return v, w


def _hexes(t):
    return [float(x).hex() for x in np.asarray(t.numpy(), np.float64).ravel()]


@pytest.mark.parametrize('dtype, ksize, strides, padding, with_batch', [
    (tf.float32, 3, 1, 'SAME', True), (tf.float64, [2, 3], [1, 2], 'VALID', True)])
def test_gradient_goes_to_each_argmax(dtype, ksize, strides, padding, with_batch):
    v, w = _values(dtype)
    with tf.GradientTape() as t:
        t.watch(v)
        o, _ = tf.nn.max_pool_with_argmax(v * w, ksize, strides, padding, include_batch_in_index=with_batch)
        loss = tf.reduce_sum(o * tf.cos(o))
    key = '%s %s %s %s %s g' % (dtype.name, ksize, strides, padding, with_batch)
    assert _hexes(t.gradient(loss, v)) == GOLDEN[key].split()


def test_traced_gradient():
    v, _ = _values(tf.float32)

    @tf.function
    def gradient(v):
        with tf.GradientTape() as t:
            t.watch(v)
            loss = tf.reduce_sum(tf.nn.max_pool_with_argmax(v, 3, 1, 'SAME')[0] * 2.0)
        return t.gradient(loss, v)
    assert _hexes(gradient(v)) == GOLDEN['float32 traced'].split()


@pytest.mark.parametrize('dtype', [tf.float32, tf.float64])
def test_second_derivative_is_the_registry_error(dtype):
    v, w = _values(dtype)
    with tf.GradientTape() as t2:
        t2.watch(v)
        with tf.GradientTape() as t1:
            t1.watch(v)
            loss = tf.reduce_sum(tf.nn.max_pool_with_argmax(v * w, 2, 2, 'VALID')[0] ** 2)
        g = t1.gradient(loss, v)
        second = tf.reduce_sum(g * w)
    with pytest.raises(LookupError) as info:
        t2.gradient(second, v)
    assert str(info.value) == 'gradient registry has no entry for: MaxPoolGradWithArgmax'


def test_outer_tape_not_reaching_the_gradient_still_answers():
    v, w = _values(tf.float32)
    with tf.GradientTape(persistent=True) as t2:
        t2.watch(v)
        with tf.GradientTape() as t1:
            t1.watch(v)
            loss = tf.reduce_sum(tf.nn.max_pool_with_argmax(v * w, 2, 2, 'VALID')[0] ** 2)
        g = t1.gradient(loss, v)
        other = tf.reduce_sum(v * w)
    assert np.array_equal(t2.gradient(other, v).numpy(), w.numpy())
    with pytest.raises(LookupError):
        t2.gradient(g, w)


def test_jacobian():
    v1 = _values(tf.float32)[0][:1, :3, :3, :1]
    with tf.GradientTape() as t:
        t.watch(v1)
        o, _ = tf.nn.max_pool_with_argmax(v1, 2, 1, 'VALID')
    j = t.jacobian(o, v1).numpy().reshape(4, 9)
    # each output row: a 1 at its window's first maximum (TF 2.21 printed the same, p20.py 'jac')
    assert j.sum(axis=1).tolist() == [1.0] * 4 and ((j == 0) | (j == 1)).all()
    assert j.argmax(axis=1).tolist() == [1, 1, 6, 4]

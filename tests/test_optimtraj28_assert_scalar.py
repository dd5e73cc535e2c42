"""tf.debugging.assert_scalar (TF 2.21's v2) returns None; tf.compat.v1.assert_scalar and
tf.compat.v1.debugging.assert_scalar (TF 1's argument order: tensor, name, message) return the tensor,
converted. A failure's text has TF's 'message.  ' prefix and, in a trace, the graph tensor's name and its
traced shape (progs/optimtraj28/p3_ascalar.py)."""
import inspect

import pytest

import framework as tf


def test_v2_returns_none_eagerly_and_traced():
    assert tf.debugging.assert_scalar(tf.constant(3.0)) is None
    assert tf.debugging.assert_scalar(3) is None
    assert tf.debugging.assert_scalar(tf.constant(3.0), 'msg', 'nm') is None
    seen = []

    @tf.function
    def f(a):
        seen.append(tf.debugging.assert_scalar(a))
        return tf.debugging.assert_scalar(a)
    assert f(tf.constant(3.0)) is None       # TF 2.21: None (a function returning nothing)
    assert seen == [None]
    assert tf.debugging.assert_scalar.__name__ == 'assert_scalar_v2'
    assert str(inspect.signature(tf.debugging.assert_scalar)) == '(tensor, message=None, name=None)'


def test_v1_returns_the_tensor_converted():
    x = tf.constant(3.0)
    assert tf.compat.v1.assert_scalar(x) is x
    assert tf.compat.v1.debugging.assert_scalar is tf.compat.v1.assert_scalar
    three = tf.compat.v1.assert_scalar(3)
    assert isinstance(three, tf.Tensor) and three.dtype == tf.int32 and int(three) == 3
    assert str(inspect.signature(tf.compat.v1.assert_scalar)) == '(tensor, name=None, message=None)'
    seen = []

    @tf.function
    def f(a):
        r = tf.compat.v1.assert_scalar(a)
        seen.append(str(r))
        return r * 2
    assert float(f(x)) == 6.0
    assert seen == ['Tensor("a:0", shape=(), dtype=float32)']


@pytest.mark.parametrize('check', ['v2', 'v1', 'v1_debugging'])
def test_failure_texts(check):
    fn = {'v2': tf.debugging.assert_scalar, 'v1': tf.compat.v1.assert_scalar,
          'v1_debugging': tf.compat.v1.debugging.assert_scalar}[check]
    m = tf.constant([1., 2.])
    with pytest.raises(ValueError, match=r'^Expected scalar shape, saw shape: \(2,\)\.$'):
        fn(m)
    # TF 2.21: 'hey.  Expected ...' (tapeflow wrote 'hey Expected ...')
    with pytest.raises(ValueError, match=r'^hey\.  Expected scalar shape, saw shape: \(2,\)\.$'):
        fn(m, message='hey')
    with pytest.raises(ValueError, match=r'^Expected scalar shape, saw shape: \(1,\)\.$'):
        fn([3])

    @tf.function
    def traced(a):
        return fn(a, message='hey')
    with pytest.raises(ValueError) as raised:
        traced(m)
    assert str(raised.value).rstrip().endswith('ValueError: hey.  Expected scalar shape for a:0, saw shape: (2,).')


def test_unknown_rank_in_a_trace():
    @tf.function(input_signature=[tf.TensorSpec(None)])
    def f(a):
        return tf.compat.v1.assert_scalar(a)
    with pytest.raises(ValueError) as raised:
        f(tf.constant(3.0))
    # TF 2.21: a TensorSpec(None) argument's rank is unknown when tracing, so not statically a scalar
    assert str(raised.value).rstrip().endswith('ValueError: Expected scalar shape for a:0, saw shape: <unknown>.')

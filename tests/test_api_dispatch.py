"""tf.experimental.dispatch_for_api, dispatch_for_unary/binary_elementwise_apis and
unregister_dispatch_for, as TensorFlow 2.21 runs them (its dispatch.py docstrings and the extension
type guide's MaskedTensor). Expected values were printed by TF 2.21 running the same calls."""
import re
from typing import List, Optional, Union

import numpy as np
import pytest

import framework as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


def _unpack(v):
    return (v.values, v.mask) if isinstance(v, MaskedTensor) else (v, None)


@pytest.fixture
def x():
    return MaskedTensor([1, 2], [True, False])


@pytest.fixture
def y():
    return MaskedTensor([3, 4], [False, True])


def test_dispatch_for_api_by_annotation_and_unregister(x, y):
    original = tf.stack

    @tf.experimental.dispatch_for_api(tf.stack)
    def masked_stack(values: List[MaskedTensor], axis=0, name=None):
        return MaskedTensor(tf.stack([v.values for v in values], axis), tf.stack([v.mask for v in values], axis))
    try:
        stacked = tf.stack([x, y])
        assert stacked.values.numpy().tolist() == [[1, 2], [3, 4]]
        assert stacked.mask.numpy().tolist() == [[True, False], [False, True]]
        assert tf.stack((x, y), axis=1).values.numpy().tolist() == [[1, 3], [2, 4]]   # a tuple is a list too
        assert tf.stack(values=[x, y], axis=1).mask.numpy().tolist() == [[True, False], [False, True]]
        plain = tf.stack([tf.constant(1), tf.constant(2)])
        assert repr(plain) == '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>'
        with pytest.raises((TypeError, ValueError)):
            tf.stack([x, tf.constant([1, 2])])      # a list with a plain tensor matches no signature
    finally:
        tf.experimental.unregister_dispatch_for(masked_stack)
    assert tf.stack is original       # the API's own function is back


def test_explicit_signature_and_reduction(x, y):
    @tf.experimental.dispatch_for_api(tf.math.add, {'x': MaskedTensor, 'y': MaskedTensor})
    def masked_add(x, y, name=None):
        return MaskedTensor(x.values + y.values, x.mask & y.mask)

    @tf.experimental.dispatch_for_api(tf.math.reduce_sum)
    def masked_sum(input_tensor: MaskedTensor, axis=None, keepdims=False, name=None):
        return tf.reduce_sum(tf.where(input_tensor.mask, input_tensor.values, 0), axis)
    try:
        for add in (tf.add, tf.math.add):        # every name of the API dispatches
            total = add(x, y)
            assert total.values.numpy().tolist() == [4, 6] and total.mask.numpy().tolist() == [False, False]
        assert tf.reduce_sum(x).numpy() == 1
        assert tf.math.reduce_sum(MaskedTensor([[1, 2]], [[True, True]]), axis=1).numpy().tolist() == [3]
        assert tf.add(1, 2).numpy() == 3
    finally:
        tf.experimental.unregister_dispatch_for(masked_add)
        tf.experimental.unregister_dispatch_for(masked_sum)


def test_elementwise_handlers(x, y):
    @tf.experimental.dispatch_for_unary_elementwise_apis(MaskedTensor)
    def unary(api_func, x):
        return MaskedTensor(api_func(x.values), x.mask)

    @tf.experimental.dispatch_for_binary_elementwise_apis(Union[MaskedTensor, tf.Tensor],
                                                         Union[MaskedTensor, tf.Tensor])
    def binary(api_func, x, y):
        (xv, xm), (yv, ym) = _unpack(x), _unpack(y)
        return MaskedTensor(api_func(xv, yv), xm if ym is None else ym if xm is None else xm & ym)
    try:
        m = MaskedTensor([-1, 2], [True, True])
        assert tf.abs(m).values.numpy().tolist() == [1, 2]
        cast = tf.cast(m, tf.float32)             # the call's other arguments reach api_func
        assert cast.values.dtype == tf.float32 and cast.values.numpy().tolist() == [-1.0, 2.0]
        assert tf.math.negative(x=m).values.numpy().tolist() == [1, -2]
        assert tf.ones_like(m, dtype=tf.float32).values.numpy().tolist() == [1.0, 1.0]
        product = tf.multiply(x, y)
        assert product.values.numpy().tolist() == [3, 8] and product.mask.numpy().tolist() == [False, False]
        assert tf.math.maximum(x, tf.constant([2, 2])).values.numpy().tolist() == [2, 2]
        # two plain tensors never dispatch, even where a Union with tf.Tensor would match them
        assert repr(tf.multiply(tf.constant(1), tf.constant(2))) == '<tf.Tensor: shape=(), dtype=int32, numpy=2>'
    finally:
        tf.experimental.unregister_dispatch_for(unary)
        tf.experimental.unregister_dispatch_for(binary)
    with pytest.raises(ValueError, match=r'was not registered using a `@dispatch_for_\*` decorator'):
        tf.experimental.unregister_dispatch_for(unary)


def test_two_matching_targets_are_ambiguous(x, y):
    @tf.experimental.dispatch_for_api(tf.math.add, {'x': MaskedTensor, 'y': MaskedTensor})
    def masked_add(x, y, name=None):
        return 'add'

    @tf.experimental.dispatch_for_binary_elementwise_apis(MaskedTensor, MaskedTensor)
    def binary(api_func, x, y):
        return 'binary'
    try:
        with pytest.raises(ValueError, match=r'^Multiple dispatch targets that were registered with tf.dispatch_for '
                                             r'\(<function .*masked_add at .* and <function '
                                             r'elementwise_dispatch_target_for_add at .*\) match the arguments to add$'):
            tf.add(x, y)
        assert tf.multiply(x, y) == 'binary'
    finally:
        tf.experimental.unregister_dispatch_for(masked_add)
        tf.experimental.unregister_dispatch_for(binary)


def test_matmul_union_signature_keeps_dense_calls():
    @tf.experimental.dispatch_for_api(tf.matmul)
    def masked_matmul(a: Union[MaskedTensor, tf.Tensor], b: Union[MaskedTensor, tf.Tensor], transpose_a=False,
                      transpose_b=False, adjoint_a=False, adjoint_b=False, a_is_sparse=False, b_is_sparse=False,
                      output_type=None, grad_a=False, grad_b=False, name=None):
        return 'mm'     # TF's signature (grad_a, grad_b): tapeflow's matmul lacks those optional ones
    try:
        np.testing.assert_array_equal(tf.matmul(tf.ones((2, 2)), tf.ones((2, 2))).numpy(), np.full((2, 2), 2.0))
        assert tf.linalg.matmul(MaskedTensor([[1.]], [[True]]), tf.ones((1, 1))) == 'mm'
    finally:
        tf.experimental.unregister_dispatch_for(masked_matmul)


def test_optional_annotation(x):
    @tf.experimental.dispatch_for_api(tf.math.multiply)
    def scaled(x: MaskedTensor, y: Optional[MaskedTensor], name=None):
        return 'scaled'
    try:
        assert tf.multiply(x, None) == 'scaled'
    finally:
        tf.experimental.unregister_dispatch_for(scaled)


def test_bad_registrations_say_why():
    def renamed(vals: List[MaskedTensor], axis=0):
        return vals
    with pytest.raises(ValueError, match=r"^Dispatch function's signature \(vals: .* does not match API's "
                                         r"signature \(values, axis=0"):
        tf.experimental.dispatch_for_api(tf.stack)(renamed)

    def unannotated(values, axis=0):
        return values
    with pytest.raises(ValueError, match='must be called with at least one signature, or applied to a function '
                                         'that has type annotations on its parameters'):
        tf.experimental.dispatch_for_api(tf.stack)(unannotated)
    with pytest.raises(ValueError, match='does not support dispatch'):
        tf.experimental.dispatch_for_api(lambda a: a)
    assert tf.stack.__module__.startswith('framework')     # nothing was left installed


def test_ops_refuse_an_undispatched_extension_type_with_tfs_value_error(x):
    # TF 2.21: every op converts its inputs, and an ExtensionType does not convert
    text = r'^Attempt to convert a value \(MaskedTensor\(values=.*\) with an unsupported type \(<class .*MaskedTensor.*>\) to a Tensor\.$'
    for call in (lambda: tf.convert_to_tensor(x), lambda: tf.reduce_sum(x), lambda: tf.abs(x),
                 lambda: tf.add(x, 1), lambda: tf.concat([x, x], 0), lambda: tf.shape(x)):
        with pytest.raises(ValueError) as error:
            call()
        assert re.match(text, str(error.value))
        assert 'dispatch_for_api' in ''.join(getattr(error.value, '__notes__', []))
    with pytest.raises(TypeError, match=r"unsupported operand type\(s\) for \+: 'MaskedTensor' and 'int'"):
        x + 1

"""tf.TensorSpec's TraceType methods (is_subtype_of, most_specific_common_supertype, the deprecated
most_specific_compatible_type) and its flatten / to_tensors / from_tensors, as TF 2.21's.

Values printed by TF 2.21 running notes/progs/autograph7/s1.py.
"""
import logging

import pytest

import framework as tf

A = tf.TensorSpec([2, 3], tf.float32, name='a')
B = tf.TensorSpec([None, 3], tf.float32)
E = tf.TensorSpec([4, 3], tf.float32, name='a')


@pytest.mark.parametrize('spec, other, expected', [
    # TF 2.21: A.is_subtype_of(B) False (the names differ), B.is_subtype_of(B) True,
    # A.is_subtype_of(TensorSpec([None, 3], name='a')) True, ... name='b' False, TensorSpec(None) False,
    # another dtype False, a number False; TensorSpec([2, 3], name='a') of TensorSpec(None, name='a') True
    (A, B, False), (B, A, False), (B, B, True),
    (A, tf.TensorSpec([None, 3], name='a'), True), (A, tf.TensorSpec([None, 3], name='b'), False),
    (A, tf.TensorSpec(None, tf.float32), False), (A, tf.TensorSpec([2, 3], tf.int32, name='a'), False),
    (A, 1, False), (A, tf.TensorSpec(None, name='a'), True), (tf.TensorSpec(None, name='a'), A, False),
    (A, tf.TensorSpec([None], name='a'), False),
])
def test_is_subtype_of(spec, other, expected):
    assert spec.is_subtype_of(other) is expected


def test_most_specific_common_supertype():
    # TF 2.21: A with [E] -> TensorSpec(shape=(None, 3), dtype=tf.float32, name='a'); with [B] (name None),
    # [TensorSpec([2, 3], tf.int32)], [E, B], [1] -> None; with [] -> A itself
    assert repr(A.most_specific_common_supertype([E])) == "TensorSpec(shape=(None, 3), dtype=tf.float32, name='a')"
    for others in ([B], [tf.TensorSpec([2, 3], tf.int32)], [E, B], [1]):
        assert A.most_specific_common_supertype(others) is None
    assert A.most_specific_common_supertype([]) == A
    # (TensorShape's rule: ranks that differ give an unknown shape)
    wider = A.most_specific_common_supertype([tf.TensorSpec([2], name='a')])
    assert repr(wider) == "TensorSpec(shape=<unknown>, dtype=tf.float32, name='a')"


def test_most_specific_compatible_type_is_deprecated(caplog):
    # TF 2.21: WARNING:tensorflow:From ...: TypeSpec.most_specific_compatible_type (from
    # tensorflow.python.framework.type_spec) is deprecated ... Use most_specific_common_supertype instead.
    # A with E -> TensorSpec(shape=(None, 3), ..., name='a'); with TensorSpec([2, 3], tf.int32) -> ValueError
    with caplog.at_level(logging.WARNING):
        assert A.most_specific_compatible_type(E) == tf.TensorSpec([None, 3], tf.float32, name='a')
    with pytest.raises(ValueError) as caught:
        A.most_specific_compatible_type(tf.TensorSpec([2, 3], tf.int32))
    assert str(caught.value) == ("No TypeSpec is compatible with both TensorSpec(shape=(2, 3), dtype=tf.float32, "
                                 "name='a') and TensorSpec(shape=(2, 3), dtype=tf.int32, name=None)")


def test_flatten_and_tensors():
    # TF 2.21: A.flatten() -> [A]; A.to_tensors(x) -> [x]; A.from_tensors(iter([x])) -> x; value_type Tensor
    x = tf.ones([2, 3])
    assert A.flatten() == [A]
    assert A.to_tensors(x)[0] is x and A.from_tensors(iter([x])) is x
    assert isinstance(x, A.value_type)

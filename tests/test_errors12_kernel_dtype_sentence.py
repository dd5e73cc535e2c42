"""The kernels' dtype-refusal sentence where tapeflow's text was not TF 2.21's, now built in one place
(framework/ops/graph_input_errors.eager_input_error).

Golden texts from /work/notes/progs/errors12/p/z1.py run under TF 2.21 (tensorflow-cpu). TF names a traced
function's kernel '__inference_f_18' (a counter tapeflow does not keep): only the stem is compared there."""
import pytest

import framework as tf


def _text(fn):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        fn()
    return str(info.value)


def test_bitwise_ops_pairing():
    assert _text(lambda: tf.bitwise.bitwise_and(tf.constant([1]), tf.constant([1], tf.int64))) == (
        'cannot compute BitwiseAnd as input #1(zero-based) was expected to be a int32 tensor but is a int64 tensor '
        '[Op:BitwiseAnd] name: ')
    assert _text(lambda: tf.bitwise.bitwise_or(tf.constant([1], tf.int8), tf.constant([1], tf.int16))) == (
        'cannot compute BitwiseOr as input #1(zero-based) was expected to be a int8 tensor but is a int16 tensor '
        '[Op:BitwiseOr] name: ')


def test_shape_n_pairing_names_dtypes_as_the_kernel():
    assert _text(lambda: tf.shape_n([tf.constant([1.]), tf.constant([1])])) == (
        'cannot compute ShapeN as input #1(zero-based) was expected to be a float tensor but is a int32 tensor '
        '[Op:ShapeN] name: ')
    assert _text(lambda: tf.shape_n([tf.constant([1.], tf.float64), tf.constant([1.], tf.float16)])) == (
        'cannot compute ShapeN as input #1(zero-based) was expected to be a double tensor but is a half tensor '
        '[Op:ShapeN] name: ')


def test_broadcast_args_names_float_as_the_kernel():
    assert _text(lambda: tf.broadcast_dynamic_shape(tf.constant([2, 3]), tf.constant([2., 3.]))) == (
        'cannot compute BroadcastArgs as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
        '[Op:BroadcastArgs] name: ')
    assert _text(lambda: tf.broadcast_dynamic_shape(tf.constant([2, 3]), tf.constant([2, 3], tf.int64))) == (
        'cannot compute BroadcastArgs as input #1(zero-based) was expected to be a int32 tensor but is a int64 tensor '
        '[Op:BroadcastArgs] name: ')


def test_concrete_function_call_of_another_dtype():
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x):
        return x
    text = _text(lambda: f.get_concrete_function()(tf.constant([1.], tf.float16)))
    assert text.startswith('cannot compute __inference_f')
    assert text.split(' as ', 1)[1].startswith(
        'input #0(zero-based) was expected to be a float tensor but is a half tensor [Op:__inference_f')


def test_broadcast_args_of_float_shapes_is_the_registry_error():
    # TF 2.21 (p/z1.py): BroadcastArgs' T must be int32 or int64
    assert _text(lambda: tf.broadcast_dynamic_shape(tf.constant([2., 3.]), tf.constant([2., 3.]))) == (
        "Value for attr 'T' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node BroadcastArgs}}; Op<name=BroadcastArgs; signature=s0:T, s1:T -> r0:T; attr=T:type,default=DT_INT32,"
        "allowed=[DT_INT32, DT_INT64]> [Op:BroadcastArgs] name: ")

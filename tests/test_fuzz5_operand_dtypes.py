"""Operands TensorFlow 2.21 does not cast: tf.math.polyval converts each coefficient on its own (an int
coefficient beside float x fails in Mul / AddV2), and the sampled losses cast only the weights and
biases to the inputs' dtype (int expected counts fail in Log, float32 counts beside float64 inputs in
Sub, a string weight table in Cast). tapeflow cast them all before. Texts printed by TF 2.21
(/opt/tfref, /work/notes/progs/fuzz5/p/pv.py, sl.py)."""
import numpy as np
import pytest

import framework as tf

X = np.array([0.5, 1.0, 2.0], np.float32)


@pytest.mark.parametrize('coeffs, x, kernel, expected, got', [
    ([1, 2], X, 'Mul', 'int32', 'float'),
    ([X, X.astype(np.int32)], X, 'AddV2', 'int32', 'float'),
    ([X.astype(np.int32), X], X, 'Mul', 'int32', 'float'),
    ([X, X], X.astype(np.float64), 'Mul', 'float', 'double'),
    ([1, 2], np.array([1, 2]), 'Mul', 'int32', 'int64'),
])
def test_polyval_coefficients_keep_their_dtype(coeffs, x, kernel, expected, got):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.math.polyval(coeffs, x)
    assert str(err.value).endswith('cannot compute %s as input #1(zero-based) was expected to be a %s tensor but is '
                                   'a %s tensor [Op:%s] name: ' % (kernel, expected, got, kernel))


def test_polyval_results_as_tensorflow():
    # TF 2.21: [1., 2.] at X -> float32 [2.5, 3, 4]; [3] -> int32 3; [2., 1.] at [1., 2.] (a list) -> [3, 5]
    np.testing.assert_array_equal(tf.math.polyval([1., 2.], X).numpy(), [2.5, 3.0, 4.0])
    one = tf.math.polyval([3], X)
    assert one.dtype == tf.int32 and one.numpy() == 3
    np.testing.assert_array_equal(tf.math.polyval([np.float32(1), 2.], [1., 2.]).numpy(), [3.0, 4.0])
    assert tf.math.polyval([1., 2.], 3.0).numpy() == 5.0


W = np.sin(np.arange(40) * 0.7).reshape(10, 4).astype('float32')
B = np.cos(np.arange(10)).astype('float32')
L = np.array([[1], [3], [5]], 'int64')
INPUTS = np.sin(np.arange(12) * 0.3).reshape(3, 4).astype('float32')
S = (np.array([2, 7, 0, 5], 'int64'), np.array([[0.3], [0.2], [0.1]], 'float32'),
     np.array([0.1, 0.2, 0.3, 0.4], 'float32'))
LOSSES = [tf.nn.sampled_softmax_loss, tf.nn.nce_loss]


@pytest.mark.parametrize('loss', LOSSES)
def test_sampled_losses_cast_weights_but_not_counts(loss):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        loss(W, B, L, INPUTS.astype(np.float64), 4, 10, sampled_values=S)
    assert str(err.value).endswith('cannot compute Sub as input #1(zero-based) was expected to be a double tensor '
                                   'but is a float tensor [Op:Sub] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError) as err:      # the sampler's float32 counts, too
        loss(W, B, L, INPUTS.astype(np.float64), 4, 10)
    assert '[Op:Sub]' in str(err.value)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        loss(W, B, L, INPUTS, 4, 10, sampled_values=(S[0], S[1], S[2].astype(np.int32)))
    assert "Value for attr 'T' of int32 is not in the list of allowed values" in str(err.value)
    assert '{{node Log}}' in str(err.value)
    with pytest.raises(tf.errors.UnimplementedError, match='Cast string to float is not supported'):
        loss(W.astype(str).astype(bytes), B, L, INPUTS, 4, 10, sampled_values=S)
    # float64 weights are cast to the float32 inputs' dtype (TF: the same losses as float32 weights)
    np.testing.assert_array_equal(loss(W.astype(np.float64), B, L, INPUTS, 4, 10, sampled_values=S).numpy(),
                                  loss(W, B, L, INPUTS, 4, 10, sampled_values=S).numpy())
    # everything in float64: TF gives [4.14567, 5.04586, 0.72264] and [12.20454, 15.9016, 9.99271]
    counts64 = (S[0], S[1].astype(np.float64), S[2].astype(np.float64))
    out = loss(W.astype(np.float64), B, L, INPUTS.astype(np.float64), 4, 10, sampled_values=counts64)
    assert out.dtype == tf.float64
    np.testing.assert_allclose(out.numpy(), [4.14567, 5.04586, 0.72264] if loss is LOSSES[0]
                               else [12.20454, 15.9016, 9.99271], atol=1e-5)


def test_sampled_softmax_loss_refuses_a_num_sampled_its_mask_cannot_take():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.sampled_softmax_loss(W, B, L, INPUTS, 100, 10, sampled_values=S)
    assert str(err.value) == ('{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                              'Incompatible shapes: [3,4] vs. [3,100] [Op:AddV2] name: ')
    # without the accidental-hit mask TF takes it (num_sampled only sizes the sampler)
    tf.nn.sampled_softmax_loss(W, B, L, INPUTS, 100, 10, sampled_values=S, remove_accidental_hits=False)
    tf.nn.nce_loss(W, B, L, INPUTS, 100, 10, sampled_values=S)


# ---- space_to_batch / batch_to_space (TF 2.21 texts: /work/notes/progs/fuzz5/p/sb.py) ------------------
IMAGE = np.ones((1, 4, 4, 1), np.float32)
BATCHED = np.ones((4, 2, 2, 1), np.float32)
NO_PADS = [[0, 0], [0, 0]]


@pytest.mark.parametrize('dtype', [bool, np.complex64, bytes])
@pytest.mark.parametrize('op, x, kernel', [(tf.space_to_batch, IMAGE, 'SpaceToBatchND'),
                                           (tf.space_to_batch_nd, IMAGE, 'SpaceToBatchND'),
                                           (tf.batch_to_space, BATCHED, 'BatchToSpaceND')])
def test_space_batch_kernels_have_no_cpu_kernel_for_bool_complex_string(op, x, kernel, dtype):
    with pytest.raises(tf.errors.NotFoundError) as err:
        op(x.astype(str).astype(bytes) if dtype is bytes else x.astype(dtype), [2, 2], NO_PADS)
    text = str(err.value)
    assert text.startswith('Could not find device for node: {{node %s}} = %s[T=DT_' % (kernel, kernel))
    assert "\n  device='CPU'; T in [DT_UINT64]\n [Op:%s] name: " % kernel in text


def test_space_batch_block_shapes_and_paddings_must_be_integers():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.space_to_batch(IMAGE, [2.5, 2], NO_PADS)
    assert str(err.value).endswith(
        "Value for attr 'Tblock_shape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node SpaceToBatchND}}; Op<name=SpaceToBatchND; signature=input:T, block_shape:Tblock_shape, "
        "paddings:Tpaddings -> output:T; attr=T:type; attr=Tblock_shape:type,default=DT_INT32,allowed=[DT_INT32, "
        "DT_INT64]; attr=Tpaddings:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:SpaceToBatchND] name: ")
    with pytest.raises(tf.errors.InvalidArgumentError, match="attr 'Tblock_shape' of float"):
        tf.space_to_batch(IMAGE, [2.0, 2], NO_PADS)        # a Python float in the list: float32, as in TF
    with pytest.raises(tf.errors.InvalidArgumentError, match="attr 'Tcrops' of float"):
        tf.batch_to_space(BATCHED, [2, 2], [[0.5, 0], [0, 0]])
    with pytest.raises(tf.errors.InvalidArgumentError, match="attr 'Tpaddings' of float"):
        tf.space_to_batch(IMAGE, [2, 2], [[0., 0], [0, 0]])
    # TF takes a numpy array of whole floats (as int32), and int8 / float16 data
    assert tf.space_to_batch(IMAGE, np.array([2., 2.]), NO_PADS).shape == (4, 2, 2, 1)
    assert tf.space_to_batch(IMAGE.astype(np.int8), [2, 2], NO_PADS).dtype == tf.int8
    assert tf.space_to_batch(IMAGE.astype(np.float16), [2, 2], NO_PADS).dtype == tf.float16


def test_required_space_to_batch_paddings_refuses_fractional_sizes():
    with pytest.raises(TypeError, match=r'^Cannot convert \[4\.5, 5\] to EagerTensor of dtype int32'):
        tf.required_space_to_batch_paddings([4.5, 5], [2, 2])
    with pytest.raises(TypeError, match=r'^Cannot convert \[2\.5, 3\] to EagerTensor of dtype int32'):
        tf.required_space_to_batch_paddings([4, 5], [2.5, 3])
    paddings, crops = tf.required_space_to_batch_paddings([4, 5], [2, 2])
    np.testing.assert_array_equal(paddings.numpy(), [[0, 0], [0, 1]])

"""Checks TensorFlow 2.21's kernels make that tapeflow skipped (it returned a result where TF raises):
the special functions' first argument sets the kernel's dtype (complex refused, a string array fails
conversion; tapeflow cast both to float), RandomIndexShuffle's seed rows and max_index sign,
ComputeAccidentalHits' vector of samples, LogUniformCandidateSampler's class range and the softmax
cross-entropies' logits dtype. Texts printed by TF 2.21 (/opt/tfref, /work/notes/progs/fuzz5/p)."""
import numpy as np
import pytest

import framework as tf

X = np.array([0.5, 1.0, 2.0], np.float32)


@pytest.mark.parametrize('op, kernel, allowed', [
    (tf.math.igamma, 'Igamma', 'bfloat16, half, float, double'),
    (tf.math.igammac, 'Igammac', 'bfloat16, half, float, double'),
    (tf.math.zeta, 'Zeta', 'float, double'), (tf.math.polygamma, 'Polygamma', 'float, double'),
    (lambda a, x: tf.math.betainc(a, x, x), 'Betainc', 'float, double')])
def test_special_functions_take_their_dtype_from_the_first_argument(op, kernel, allowed):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        op(X.astype(np.complex64), X)
    assert str(err.value).startswith("Value for attr 'T' of complex64 is not in the list of allowed values: %s\n\t; "
                                     "NodeDef: {{node %s}}" % (allowed, kernel))
    with pytest.raises(ValueError, match=r'Failed to convert a NumPy array to a Tensor \(Unsupported object type '
                                         r'float\)\.'):
        op(X.astype(str).astype(bytes), X)          # (tapeflow parsed the strings as numbers)


def test_random_index_shuffle_checks_seed_rows_and_max_index():
    seed_row = np.array([[1, 2, 3]], np.int32)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.random_index_shuffle(np.array([1, 2], np.int32), seed_row, 9)
    assert str(err.value) == (
        '{{function_node __wrapped__RandomIndexShuffle_device_/job:localhost/replica:0/task:0/device:CPU:0}} Seed must '
        'be a vector of size [3] or a matrix of size [2, 3] but got [1,3]. [Op:RandomIndexShuffle] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'max_index must be >= 0 but was -1 \[Op:Random'):
        tf.random_index_shuffle(np.array([1, 2], np.int32), np.array([1, 2, 3], np.int32), -1)
    # TF 2.21: a scalar index takes any number of seed rows (one result per row): [0 1]
    out = tf.random_index_shuffle(np.int32(1), np.array([[1, 2, 3], [4, 5, 6]], np.int32), 9)
    np.testing.assert_array_equal(out.numpy(), [0, 1])
    np.testing.assert_array_equal(tf.random_index_shuffle(np.int32(1), seed_row, 9).numpy(), [0])


def test_compute_accidental_hits_needs_a_vector_of_samples():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.compute_accidental_hits(np.array([[1, 2], [3, 4]]), np.array([[1, 2]]), 2)
    assert str(err.value) == (
        '{{function_node __wrapped__ComputeAccidentalHits_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'sampled_candidates must be a vector, which is typically an output from CandidateSampler '
        '[Op:ComputeAccidentalHits] name: ')


@pytest.mark.parametrize('label', [-2, 30])
def test_log_uniform_sampler_refuses_classes_outside_its_range(label):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.random.log_uniform_candidate_sampler(np.array([[1], [label], [5]]), 1, 3, True, 10, seed=1)
    assert str(err.value) == (
        '{{function_node __wrapped__LogUniformCandidateSampler_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        '`true_candidate` out of range [0, 10), received %d [Op:LogUniformCandidateSampler] name: ' % label)


LOGITS = np.array([[1., 2., 3.], [1., 0., -1.]], np.float32)


@pytest.mark.parametrize('dtype', [np.complex64, np.int32])
def test_softmax_cross_entropies_name_their_kernels(dtype):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.softmax_cross_entropy_with_logits(np.eye(3, dtype=np.float32)[[2, 0]], LOGITS.astype(dtype))
    name = np.dtype(dtype).name
    assert str(err.value) == (
        "Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: "
        "{{node SoftmaxCrossEntropyWithLogits}}; Op<name=SoftmaxCrossEntropyWithLogits; signature=features:T, "
        "labels:T -> loss:T, backprop:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> "
        "[Op:SoftmaxCrossEntropyWithLogits] name: " % name)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.sparse_softmax_cross_entropy_with_logits(np.array([2, 0]), LOGITS.astype(dtype))
    assert str(err.value) == (
        "Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: "
        "{{node SparseSoftmaxCrossEntropyWithLogits}}; Op<name=SparseSoftmaxCrossEntropyWithLogits; "
        "signature=features:T, labels:Tlabels -> loss:T, backprop:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, "
        "DT_FLOAT, DT_DOUBLE]; attr=Tlabels:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
        "[Op:SparseSoftmaxCrossEntropyWithLogits] name: " % name)


@pytest.mark.parametrize('dtype', [np.int32, np.int64])
def test_angle_of_integers_cannot_hold_pi(dtype):
    # TF 2.21 fills pi in the input's dtype: 'Cannot convert 3.141592653589793 to EagerTensor of dtype int32'
    with pytest.raises(TypeError, match=r'^Cannot convert 3\.141592653589793 to EagerTensor of dtype %s'
                                        % np.dtype(dtype).name):
        tf.math.angle(np.array([1, -2], dtype))
    np.testing.assert_allclose(tf.math.angle(np.array([1., -2.], np.float32)).numpy(), [0, np.pi], rtol=1e-7)

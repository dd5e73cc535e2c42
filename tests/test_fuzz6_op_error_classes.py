"""tf ops whose bad arguments TensorFlow 2.21's kernels or attrs refuse with InvalidArgumentError, where tapeflow
raised ValueError or TypeError (/work/notes/progs/fuzz6 out_tf.txt): an unknown padding word, ctc beam_width
below 1 (3.5 is truncated as TF's make_int does), strings to tensor_diag(_part), a bool permutation, complex
values to is_non_decreasing / cumulative_logsumexp / histogram_fixed_width(_bins), non-real values beside a
real sorted sequence in searchsorted, a list band count or cumulative axis, a negative lrn depth_radius."""
import numpy as np
import pytest

import framework as tf

IAE = tf.errors.InvalidArgumentError
X = np.ones((1, 4, 4, 3), np.float32)
V = np.array([0.5, 1.0, 2.0], np.float32)
C = V.astype(np.complex64)

CASES = {
    'conv1d padding': (lambda: tf.nn.conv1d(X[0], np.ones((2, 3, 2), np.float32), 1, 'bogus'),
                       'Value for attr \'padding\' of "bogus" is not in the list of allowed values: "SAME", "VALID", '
                       '"EXPLICIT"'),
    'conv3d padding': (lambda: tf.nn.conv3d(X[None], np.ones((1, 2, 2, 3, 2), np.float32), [1] * 5, 'bogus'),
                       'Value for attr \'padding\' of "bogus" is not in the list of allowed values: "SAME", "VALID"\n'),   # no EXPLICIT
    'beam_width': (lambda: tf.nn.ctc_beam_search_decoder(np.zeros((4, 2, 3), np.float32), np.array([4, 4]),
                                                         beam_width=0),
                   "Value for attr 'beam_width' of 0 must be at least minimum 1"),
    'tensor_diag strings': (lambda: tf.linalg.tensor_diag(np.array(['a', 'b'])),
                            "Value for attr 'T' of string is not in the list of allowed values"),
    'tensor_diag_part strings': (lambda: tf.linalg.tensor_diag_part(np.array([['a', 'b'], ['c', 'd']])),
                                 "Value for attr 'T' of string is not in the list of allowed values"),
    'invert_permutation bools': (lambda: tf.math.invert_permutation(np.array([True, False])), 'got dtype bool'),
    'is_non_decreasing complex': (lambda: tf.math.is_non_decreasing(C), 'complex64'),
    'cumulative_logsumexp complex': (lambda: tf.math.cumulative_logsumexp(C),
                                     "Value for attr 'T' of complex64 is not in the list of allowed values"),
    'cumulative_logsumexp axis list': (lambda: tf.math.cumulative_logsumexp(V, axis=[0, 0]), 'one integer'),
    'histogram_fixed_width complex': (lambda: tf.histogram_fixed_width(C, [0.0, 1.0]), 'complex64'),
    'histogram_fixed_width half': (lambda: tf.histogram_fixed_width(V.astype(np.float16), [0.0, 1.0]), 'float16'),
    'histogram_fixed_width_bins bools': (lambda: tf.histogram_fixed_width_bins(V > 1, [0.0, 1.0]), 'bool'),
    'searchsorted complex values': (lambda: tf.searchsorted(V, C), 'complex64'),
    'band_part list': (lambda: tf.linalg.band_part(np.ones((2, 3), np.float32), [1, 1], 0), 'num_lower'),
    'lrn depth_radius': (lambda: tf.nn.lrn(X, depth_radius=-1), 'depth_radius'),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_tensorflow_refuses_with_invalid_argument(name):
    call, words = CASES[name]
    with pytest.raises(IAE, match=words):
        call()


def test_beam_width_is_truncated_as_tensorflow_reads_int_attrs():
    decoded, _ = tf.nn.ctc_beam_search_decoder(np.zeros((4, 2, 3), np.float32), np.array([4, 4]), beam_width=3.5)
    assert len(decoded) == 1
    with pytest.raises(TypeError, match="Expected int for argument 'beam_width' not '3'."):
        tf.nn.ctc_beam_search_decoder(np.zeros((4, 2, 3), np.float32), np.array([4, 4]), beam_width='3')


MORE = {   # TF 2.21's refusals where tapeflow computed (out_tf.txt)
    'bias_add of a vector': (lambda: tf.nn.bias_add(np.ones(3, np.float32), np.ones(3, np.float32)),
                             IAE, r'Input tensor must be at least 2D: \[3\] \[Op:BiasAdd\]'),
    'max_pool_with_argmax of nothing': (lambda: tf.nn.max_pool_with_argmax(np.zeros((0, 4, 4, 2), np.float32), 2, 2,
                                                                           'VALID'),
                                        IAE, r'tensor_in must not be empty'),
    'saturate_cast of bools': (lambda: tf.dtypes.saturate_cast(np.array([True]), tf.uint8), TypeError,
                               "Cannot find minimum value of <dtype: 'bool'> with type <dtype: 'uint8'>."),
    'tridiagonal_matmul ranks': (lambda: tf.linalg.tridiagonal_matmul(np.ones((1, 3, 3), np.float32),
                                                                      np.ones((1, 1, 3, 2), np.float32)),
                                 IAE, 'All input tensors must have the same rank.'),
    'fractional_max_pool half': (lambda: tf.nn.fractional_max_pool(np.ones((1, 4, 4, 1), np.float16),
                                                                   [1.0, 1.5, 1.5, 1.0]),
                                 IAE, "Value for attr 'T' of half is not in the list of allowed values"),
}


@pytest.mark.parametrize('name', sorted(MORE))
def test_more_tensorflow_refusals(name):
    call, error, words = MORE[name]
    with pytest.raises(error, match=words):
        call()

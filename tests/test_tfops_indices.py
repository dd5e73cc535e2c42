"""tf.unique_with_counts, tf.unravel_index, tf.required_space_to_batch_paddings, tf.nn.space_to_batch,
tf.nn.batch_norm_with_global_normalization, tf.nn.collapse_repeated and tf.nn.ctc_unique_labels: values
pinned to TF 2.21 (/work/notes/progs/tfops/a1.py and a2.py run with /opt/tfref), gradients checked
against central differences in float64."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _check(tensor, dtype, values):
    assert tensor.dtype.name == dtype
    np.testing.assert_array_equal(tensor.numpy(), values)


def test_unique_with_counts_matches_tf():
    out = tf.unique_with_counts([1, 1, 2, 4, 4, 4, 7, 8, 8])
    assert type(out).__name__ == 'UniqueWithCounts' and out._fields == ('y', 'idx', 'count')
    _check(out.y, 'int32', [1, 2, 4, 7, 8])
    _check(out.idx, 'int32', [0, 0, 1, 2, 2, 2, 3, 4, 4])
    _check(out.count, 'int32', [2, 1, 3, 1, 2])
    out = tf.unique_with_counts(tf.constant([3., 1., 3., 2.]), out_idx=tf.int64)
    _check(out.y, 'float32', [3., 1., 2.])
    _check(out.idx, 'int64', [0, 1, 0, 2])
    _check(out.count, 'int64', [2, 1, 1])
    out = tf.unique_with_counts(tf.constant(['b', 'a', 'b']))
    assert out.y.numpy().tolist() == [b'b', b'a'] and out.count.numpy().tolist() == [2, 1]


def test_unique_with_counts_refuses_a_matrix_with_tf_kernel_text():
    with pytest.raises(InvalidArgumentError, match=r'unique expects a 1D vector\. \[Op:UniqueWithCounts\]') as info:
        tf.unique_with_counts([[1, 2]])
    assert 'unique_with_counts' in ''.join(info.value.__notes__)


def test_unravel_index_matches_tf():
    _check(tf.unravel_index([2, 5, 7], [3, 3]), 'int32', [[0, 1, 2], [2, 2, 1]])
    _check(tf.unravel_index(5, [3, 3]), 'int32', [1, 2])
    _check(tf.unravel_index(tf.constant([1, 4], tf.int64), tf.constant([2, 3], tf.int64)), 'int64', [[0, 1], [1, 1]])
    _check(tf.unravel_index(tf.constant([1], tf.int64), [3, 3]), 'int64', [[0], [1]])
    # C arithmetic, as TF's kernel: -1 is not wrapped to the last element
    _check(tf.unravel_index([-1], [3, 3]), 'int32', [[0], [-1]])


@pytest.mark.parametrize('indices, dims, text', [
    ([9], [3, 3], 'index is out of bound as with dims'),
    ([[1, 2], [3, 4]], [3, 3], 'The indices can only be scalar or vector, got "[2,2]"'),
    ([1], [[3, 3]], 'The indices can only be 1-D, got "[1,2]"'),
    ([1], [3, 0], 'Input dims cannot contain a dim of zero, but dims contains zero at index 1'),
    ([1], [3, -3], 'Input dims cannot be negative. Got dim = -3 at index 1'),
    ([], [3, 3], 'received empty tensor indices'),
    ([1.0], [3, 3], "Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64"),
])
def test_unravel_index_refuses_as_tf(indices, dims, text):
    with pytest.raises(InvalidArgumentError) as info:
        tf.unravel_index(indices, dims)
    assert text in str(info.value) and 'unravel_index' in ''.join(info.value.__notes__)


def test_required_space_to_batch_paddings_matches_tf():
    paddings, crops = tf.required_space_to_batch_paddings([4, 5], [2, 3])
    _check(paddings, 'int32', [[0, 0], [0, 1]])
    _check(crops, 'int32', [[0, 0], [0, 1]])
    paddings, crops = tf.required_space_to_batch_paddings([7], [3])
    _check(paddings, 'int32', [[0, 2]])
    _check(crops, 'int32', [[0, 2]])
    paddings, crops = tf.required_space_to_batch_paddings([4, 5], [2, 3], base_paddings=[[1, 0], [0, 2]])
    _check(paddings, 'int32', [[1, 1], [0, 4]])
    _check(crops, 'int32', [[0, 1], [0, 2]])
    with pytest.raises(ValueError, match='required_space_to_batch_paddings'):
        tf.required_space_to_batch_paddings([4, 5], [2, 3, 4])


def test_nn_space_to_batch_is_the_nd_op():
    x = tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1])
    out = tf.nn.space_to_batch(x, [2, 2], [[0, 0], [0, 0]])
    assert out.shape == (4, 2, 2, 1)
    np.testing.assert_array_equal(out.numpy()[:, :, :, 0].reshape(4, 4),
                                  [[0, 2, 8, 10], [1, 3, 9, 11], [4, 6, 12, 14], [5, 7, 13, 15]])


def test_batch_norm_with_global_normalization_matches_tf():
    t = tf.constant([[1., 2., 3.], [4., 5., 6.]])
    m, v = tf.constant([0.5, 1., 1.5]), tf.constant([1., 2., 3.])
    b, g = tf.constant([0.1, 0.2, 0.3]), tf.constant([2., 3., 4.])
    np.testing.assert_allclose(tf.nn.batch_norm_with_global_normalization(t, m, v, b, g, 0.001, True).numpy(),
                               [[1.0995004, 2.3207903, 3.7635248], [7.096503, 8.683161, 10.690575]], rtol=1e-6)
    np.testing.assert_allclose(tf.nn.batch_norm_with_global_normalization(t, m, v, b, g, 0.001, False).numpy(),
                               [[0.59975016, 0.9069301, 1.1658812], [3.5982513, 3.0277205, 2.8976436]], rtol=1e-6)


def test_collapse_repeated_matches_tf():
    labels, lengths = tf.nn.collapse_repeated(tf.constant([[1, 1, 2, 2, 3], [4, 4, 4, 0, 0]]), tf.constant([5, 3]))
    _check(labels, 'int32', [[1, 2, 3], [4, 0, 0]])
    _check(lengths, 'int32', [3, 1])
    labels, lengths = tf.nn.collapse_repeated([[1, 1, 2]], [2])      # only the first seq_length labels count
    _check(labels, 'int32', [[1]])
    _check(lengths, 'int32', [1])


def test_ctc_unique_labels_matches_tf():
    out = tf.nn.ctc_unique_labels(tf.constant([[3, 4, 4, 3], [1, 2, 2, 0]]))
    assert isinstance(out, list)
    _check(out[0], 'int64', [[3, 4, 0, 0], [1, 2, 0, 0]])
    _check(out[1], 'int32', [[0, 1, 1, 0], [0, 1, 1, 2]])


@pytest.mark.parametrize('op, args', [('collapse_repeated', ([1, 1, 2], [3])), ('ctc_unique_labels', ([1, 1, 2],))])
def test_ctc_label_ops_refuse_a_vector(op, args):
    with pytest.raises(InvalidArgumentError, match=op):
        getattr(tf.nn, op)(*args)


def test_gradient_of_batch_norm_with_global_normalization():
    tf.check_gradients(lambda x, m, v, b, g: tf.nn.batch_norm_with_global_normalization(x, m, v + 2.0, b, g, 1e-3, True),
                       [np.random.default_rng(0).standard_normal(s) for s in [(2, 3), (3,), (3,), (3,), (3,)]])


@pytest.mark.usefixtures('explained_nones')
@pytest.mark.parametrize('op', ['unravel_index', 'collapse_repeated', 'ctc_unique_labels'])
def test_integer_ops_record_no_gradient(op):
    x = tf.constant([1., 2., 2.])
    calls = {'unravel_index': lambda v: tf.unravel_index(tf.cast(v, tf.int32), [3, 3]),
             'collapse_repeated': lambda v: tf.nn.collapse_repeated(v[None], [3])[0],
             'ctc_unique_labels': lambda v: tf.nn.ctc_unique_labels(v[None])[0]}
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = calls[op](x)
    with pytest.warns(tf.NoneGradientWarning):
        assert tape.gradient(y, x) is None


# The framework.ops names this file checks, for test_op_gradients' coverage test.
COVERED_HERE = {'unique_with_counts', 'unravel_index', 'required_space_to_batch_paddings',
                'batch_norm_with_global_normalization', 'collapse_repeated', 'ctc_unique_labels'}

# Good calls for tests/test_bad_input_sweep.py, which replaces one argument at a time with bad input.
_M = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)
_V = np.array([0.1, 0.2, 0.3], np.float32)
_L = np.array([[1, 1, 2], [3, 0, 0]], np.int32)
SWEEP_CALLS = {
    'unique_with_counts': ((_V,), {}), 'unravel_index': ((np.array([2, 5], np.int32), np.array([3, 3], np.int32)), {}),
    'required_space_to_batch_paddings': (([4, 5], [2, 3]), {}),
    'batch_norm_with_global_normalization': ((_M, _V, _V, _V, _V, 0.001, True), {}),
    'collapse_repeated': ((_L, np.array([3, 1], np.int32)), {}), 'ctc_unique_labels': ((_L,), {}),
}
# (op, argument position) where None has a meaning: no offset, no scale
SWEEP_NONE_IS_VALID = {('batch_norm_with_global_normalization', 3), ('batch_norm_with_global_normalization', 4)}
# unique moves values whatever their dtype
SWEEP_ANY_DTYPE = {'unique_with_counts'}


# ---- tf.nn.with_space_to_batch (/work/notes/progs/tfops/g1.py): ops that are exact (max pooling,
# elementwise) give TF's bits; a convolution differs in its last bits only (the sgemm order).
_X4 = np.random.RandomState(2).randn(2, 7, 6, 3).astype(np.float32)


def test_with_space_to_batch_pools_as_tf():
    out = tf.nn.with_space_to_batch(_X4, [3, 2], 'SAME', lambda x, n, pad: tf.nn.pool(x, [2, 2], 'MAX', padding=pad),
                                    filter_shape=[2, 2])
    assert out.shape == (2, 7, 6, 3)
    np.testing.assert_allclose(out.numpy().ravel()[:6], [0.542353, 0., 0.771012, 0.501857, 1.731185, 1.467678],
                               atol=1e-6)      # TF's first values, printed to 6 decimals
    # the dilated 2x2 max pool: the max over rows (y, y + 3) and columns (x, x + 2) of the input
    # padded with zeros by space_to_batch (so TF's result has 0 where the window meets padding)
    padded = np.pad(_X4, ((0, 0), (1, 2), (1, 1), (0, 0)))
    expected = np.maximum.reduce([padded[:, i:i + 7, j:j + 6] for i in (0, 3) for j in (0, 2)])
    np.testing.assert_array_equal(out.numpy(), expected)


def test_with_space_to_batch_convolves_as_tf_and_names_spatial_dims():
    filt = np.random.RandomState(2).randn(3, 2, 3, 4).astype(np.float32)
    out = tf.nn.with_space_to_batch(_X4, [2, 3], 'VALID', lambda x, n, pad: tf.nn.convolution(x, filt, padding=pad))
    np.testing.assert_allclose(out.numpy(), tf.nn.convolution(_X4, filt, padding='VALID', dilations=[2, 3]).numpy(),
                               rtol=1e-5, atol=1e-5)
    x = np.random.RandomState(3).randn(2, 3, 7, 6).astype(np.float32)
    doubled = tf.nn.with_space_to_batch(x, [2, 2], 'VALID', lambda v, n, pad: v * 2.0, spatial_dims=[2, 3])
    np.testing.assert_array_equal(doubled.numpy(), x * 2)
    with pytest.raises(ValueError, match="`filter_shape` must be specified for `padding='SAME'`"):
        tf.nn.with_space_to_batch(_X4, [2, 2], 'SAME', lambda v, n, pad: v)


def test_with_space_to_batch_gradient_matches_central_differences():
    filt = np.random.default_rng(1).standard_normal((2, 2, 3, 2))
    tf.check_gradients(lambda x: tf.nn.with_space_to_batch(
        x, [2, 2], 'SAME', lambda v, n, pad: tf.nn.convolution(v, tf.constant(filt), padding=pad), filter_shape=[2, 2]),
        [np.random.default_rng(2).standard_normal((1, 5, 4, 3))])


COVERED_HERE |= {'with_space_to_batch'}
SWEEP_CALLS['with_space_to_batch'] = ((np.ones((1, 4, 4, 1), np.float32), [2, 2], 'VALID', lambda v, n, pad: v), {})
SWEEP_ANY_DTYPE |= {'with_space_to_batch'}

"""keras.ops.bincount's inputs as Keras 3's TF backend takes them (TF 2.21, /work/notes/progs/kerasops2/pad.py):
x of any dtype but int32 / int64 is tf.cast to int32 (floats truncate), negative ids are DenseBincount's errors.
    keras.ops.bincount(np.array([0.7, 1.5, 2.]))        -> int32 [1, 1, 1]
    keras.ops.bincount(np.array([0, -1]))               -> InvalidArgumentError '... Input arr must be non-negative! ...'
"""
import re

import numpy as np
import pytest

from framework.errors import InvalidArgumentError
from framework.keras import ops

CPU = '{{function_node __wrapped__DenseBincount_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('x, kwargs, dtype, counts', [
    (np.array([0.7, 1.5, 2.]), {}, 'int32', [1, 1, 1]),
    (np.array([0.7, 1.5, 2.], 'float32'), {'minlength': 4}, 'int32', [1, 1, 1, 0]),
    (np.array([True, False]), {}, 'int32', [1, 1]),
    (np.array([0.7, 1.5]), {'weights': np.array([1., 2.])}, 'float64', [1.0, 2.0]),    # result_type(x, weights)
])
def test_non_int_ids_are_cast_to_int32(x, kwargs, dtype, counts):
    out = ops.bincount(x, **kwargs)
    assert out.dtype.name == dtype and np.asarray(out).tolist() == counts


@pytest.mark.parametrize('x, weights, text', [
    (np.array([0, -1]), None, 'Input arr must be non-negative!'),
    (np.array([0, -1]), np.array([1., 2.]), 'Input arr must be non-negative!'),
    (np.array([[0, -1]]), None, "Input 'in' must be non-negative! Negative input value found: -1"),
    (np.array([[0, -1, -3], [0, -5, 1]]), None, "Input 'in' must be non-negative! Negative input value found: -5"),
])
def test_negative_ids_raise_dense_bincount_errors(x, weights, text):
    with pytest.raises(InvalidArgumentError, match='^' + re.escape(CPU + text + ' [Op:DenseBincount] name: ')):
        ops.bincount(x, weights=weights)


def test_scalar_ids_count_as_one_id():
    # TF 2.21: keras.ops.bincount(np.array(2)) is int32 [0, 0, 1]
    out = ops.bincount(np.array(2))
    assert out.dtype.name == 'int32' and np.asarray(out).tolist() == [0, 0, 1]


@pytest.mark.parametrize('x, kwargs, error, text', [
    (np.zeros((1, 1, 1), 'int32'), {}, InvalidArgumentError,
     CPU + 'Shape must be at most rank 2 but is rank 3 [Op:DenseBincount] name: '),
    (np.array([0, 1]), {'weights': np.array([1.0, 2.0, 3.0])}, InvalidArgumentError,
     CPU + '`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all weights '
     'equal to 1. Received [3] [Op:DenseBincount] name: '),
    (np.array([[0, 1]]), {'weights': np.ones((2, 3))}, InvalidArgumentError,
     CPU + '`weights` must be the same shape as `arr` or a length-0 `Tensor`, in which case it acts as all weights '
     'equal to 1. Received [2,3] [Op:DenseBincount] name: '),
    (np.array([0, 1]), {'minlength': 2.0}, TypeError, 'Cannot convert 2.0 to EagerTensor of dtype int64'),
])
def test_bad_shapes_and_minlength_raise_tf_errors(x, kwargs, error, text):
    with pytest.raises(error, match='^' + re.escape(text)):
        ops.bincount(x, **kwargs)


@pytest.mark.parametrize('kwargs, error, text', [
    ({'bins': 2.0}, TypeError, 'Argument `bins` must be of type `int`. Received: bins=2.0'),
    ({'bins': -1}, ValueError, 'Argument `bins` should be a non-negative integer. Received: bins=-1'),
    ({'range': (1,)}, ValueError, 'Argument `range` must be a tuple of two elements. Received: range=(1,)'),
    ({'range': [0, 1]}, ValueError, 'Argument `range` must be a tuple of two elements. Received: range=[0, 1]'),
    ({'range': (1, 0)}, ValueError, 'The second element of `range` must be greater than the first. Received: range=(1, 0)'),
])
def test_histogram_checks_bins_and_range_in_keras_words(kwargs, error, text):
    # printed by TF 2.21: keras.ops.histogram(np.array([0.5, 1.0], 'float32'), **kwargs)
    with pytest.raises(error, match='^' + re.escape(text)):
        ops.histogram(np.array([0.5, 1.0], 'float32'), **kwargs)


@pytest.mark.parametrize('dtype, bins, edges', [
    ('float32', 2, ['inf', 'nan', '-inf']),
    ('float64', 3, ['inf', 'nan', 'nan', '-inf']),
    ('int32', 2, [2147483647, 2147483647, -2147483648]),
])
def test_histogram_of_nothing_spans_min_and_max_of_nothing(dtype, bins, edges):
    # TF 2.21 (progs/kerasops2/hist.py): zero counts; edges from Min / Max of an empty tensor (inf, -inf for floats)
    counts, got = ops.histogram(np.zeros((0,), dtype), bins=bins)
    assert counts.dtype.name == dtype and np.asarray(counts).tolist() == [0] * bins
    got = np.asarray(got)
    assert got.dtype.name == dtype
    assert [str(float(v)) if got.dtype.kind == 'f' else int(v) for v in got] == edges


def test_histogram_of_a_scalar_and_zero_bins_fail_where_tf_fails():
    # TF 2.21: a scalar x reaches tf.boolean_mask with a scalar mask; bins=0 scatters 3 indices into a (0,) output
    with pytest.raises(ValueError, match='^mask cannot be scalar.'):
        ops.histogram(np.array(1.0))
    f = np.array([0.5, 1.0, 2.0], 'float32')
    text = ('{{function_node __wrapped__ScatterNd_device_/job:localhost/replica:0/task:0/device:CPU:0}} Indices and '
            'updates specified for empty output.  indices shape: [3,1] [Op:ScatterNd]')
    with pytest.raises(InvalidArgumentError, match='^' + re.escape(text)):
        ops.histogram(f, bins=0)
    counts, edges = ops.histogram(f, bins=0, range=(5.0, 6.0))     # nothing inside: TF returns (0,) and [5.]
    assert np.asarray(counts).shape == (0,) and np.asarray(edges).tolist() == [5.0]


@pytest.mark.parametrize('bins, text', [
    (np.array([[0.0, 1.0]]), 'only 0-dimensional arrays can be converted to Python scalars'),
    (np.array(1.0), 'iteration over a 0-d array'),
])
def test_digitize_of_bins_that_are_not_1d_is_a_type_error(bins, text):
    # TF 2.21 (progs/kerasops2/dig.py): Keras takes float(v) for v in list(bins)
    with pytest.raises(TypeError, match='^' + re.escape(text)):
        ops.digitize(np.array([0.5, 1.5], 'float32'), bins)

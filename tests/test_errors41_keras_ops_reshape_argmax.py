"""keras.ops.reshape / argmax / argmin / split / diagonal / trace / tile with bad input, as Keras 3 on TF 2.21 refuses them.

Printed by TF 2.21 (/work/notes/progs/errors41/ops.py):
    keras.ops.reshape(keras.Input((2, 3)), (4, 2))          -> KerasTensor (4, 2) (a whole new shape, unchecked)
    keras.ops.reshape(keras.Input((2, 3)), (-1, -1))
    -> ValueError: There must be at most one unknown dimension (-1) in `newshape`. Received: newshape=(-1, -1).
    keras.ops.reshape(keras.Input((2, 3), batch_size=1), (4, 2))
    -> ValueError: The total size of the tensor must be unchanged. Received: input_shape=(1, 2, 3), newshape=(4, 2)
    keras.ops.reshape(keras.Input((2, 3), batch_size=1), (-1, 4))
    -> ValueError: The total size of the tensor must be unchanged, however, the input size cannot by divided by the
       specified dimensions in newshape. Received: input_shape=(1, 2, 3), newshape=(-1, 4)
    keras.ops.argmax(keras.Input((3,)), axis=2)              -> ValueError: axis 2 is out of bounds for an array with dimension 2.
    keras.ops.argmax(keras.Input((3,)), axis=5, keepdims=True) -> the same words for 5
    keras.ops.argmax(keras.Input((3,)), axis=1.0)            -> TypeError: 'float' object is not iterable
    keras.ops.argmax(np.zeros((0,), 'float32'))
    -> InvalidArgumentError: {{function_node __wrapped__ArgMax_device_/job:localhost/replica:0/task:0/device:CPU:0}}
       Reduction axis 0 is empty in shape [0] [Op:ArgMax]          (no ' name: ' tail; tf.argmax's has one)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops


def test_a_whole_new_shape_is_taken_over_free_axes():
    out = ops.reshape(keras.Input((2, 3)), (4, 2))
    assert out.shape == (4, 2) and out.dtype == 'float32'
    assert ops.reshape(keras.Input((2, 3)), (-1, 4)).shape == (None, 4)


def test_a_reshape_of_keras_tensors_speaks_keras_words():
    with pytest.raises(ValueError) as info:
        ops.reshape(keras.Input((2, 3)), (-1, -1))
    assert str(info.value) == ('There must be at most one unknown dimension (-1) in `newshape`. Received: '
                               'newshape=(-1, -1).')
    with pytest.raises(ValueError, match=r'^Each dimension in `newshape` must be a non-negative integer'):
        ops.reshape(keras.Input((2, 3)), (-2, 3))
    known = keras.Input((2, 3), batch_size=1)
    with pytest.raises(ValueError) as info:
        ops.reshape(known, (4, 2))
    assert str(info.value) == ('The total size of the tensor must be unchanged. Received: input_shape=(1, 2, 3), '
                               'newshape=(4, 2)')
    with pytest.raises(ValueError) as info:
        ops.reshape(known, (-1, 4))
    assert str(info.value) == ('The total size of the tensor must be unchanged, however, the input size cannot by '
                               'divided by the specified dimensions in newshape. Received: input_shape=(1, 2, 3), '
                               'newshape=(-1, 4)')
    assert ops.reshape(known, (-1, 2)).shape == (3, 2)


@pytest.mark.parametrize('op', [ops.argmax, ops.argmin])
def test_argmax_of_keras_tensors_checks_the_axis_as_reduce_shape(op):
    for axis, keepdims in ((2, False), (-3, False), (5, True)):
        with pytest.raises(ValueError) as info:
            op(keras.Input((3,)), axis=axis, keepdims=keepdims)
        assert str(info.value) == 'axis %d is out of bounds for an array with dimension 2.' % axis
    with pytest.raises(TypeError, match="^'float' object is not iterable$"):
        op(keras.Input((3,)), axis=1.0)
    assert op(keras.Input((3,)), axis=1).shape == (None,)
    assert op(keras.Input((3,))).shape == ()


def test_an_empty_axis_has_no_name_tail_through_keras_ops():
    for run, kernel in ((lambda: ops.argmax(np.zeros((0,), 'float32')), 'ArgMax'),
                        (lambda: ops.argmin(np.zeros((2, 0), 'float32'), axis=1), 'ArgMin'),
                        (lambda: ops.argmax(np.zeros((0,), 'int32')), 'ArgMax')):
        with pytest.raises(InvalidArgumentError) as info:
            run()
        assert str(info.value).endswith('is empty in shape [%s] [Op:%s]' % ('2,0' if kernel == 'ArgMin' else '0',
                                                                            kernel))
    with pytest.raises(InvalidArgumentError) as info:
        tf.argmax(tf.zeros([0]))
    assert str(info.value).endswith('Reduction axis 0 is empty in shape [0] [Op:ArgMax] name: ')


def test_split_at_a_float_is_the_strided_slice_error():
    # TF 2.21: keras.ops.split(np.ones((2, 3)), 1.5) -> InvalidArgumentError '{{function_node
    # __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} Attempting to slice scalar input.
    # [Op:StridedSlice] name: strided_slice/'
    with pytest.raises(InvalidArgumentError) as info:
        ops.split(np.ones((2, 3), 'float32'), 1.5)
    assert str(info.value).endswith('Attempting to slice scalar input. [Op:StridedSlice] name: strided_slice/')
    assert [p.shape for p in ops.split(np.ones((2, 3), 'float32'), [1], axis=1)] == [(2, 1), (2, 2)]


def test_diagonal_and_trace_canonicalize_their_axes():
    # TF 2.21 (/work/notes/progs/errors41/ops2.py): keras.ops.diagonal(np.ones(3)) and trace alike -> ValueError
    # 'axis 1 is out of bounds for an array with dimension 1.'; a scalar: 'axis 0 ... dimension 0.';
    # diagonal(np.ones(3), axis1=0, axis2=-1) -> '`axis1` and `axis2` cannot be the same. Received: axis1=0, axis2=-1'
    vector = np.ones(3, 'float32')
    for run in (lambda: ops.diagonal(vector), lambda: ops.trace(vector), lambda: ops.trace(vector, axis1=1, axis2=0)):
        with pytest.raises(ValueError) as info:
            run()
        assert str(info.value) == 'axis 1 is out of bounds for an array with dimension 1.'
    with pytest.raises(ValueError) as info:
        ops.diagonal(np.float32(3))
    assert str(info.value) == 'axis 0 is out of bounds for an array with dimension 0.'
    with pytest.raises(ValueError) as info:
        ops.diagonal(vector, axis1=0, axis2=-1)
    assert str(info.value) == '`axis1` and `axis2` cannot be the same. Received: axis1=0, axis2=-1'
    with pytest.raises(ValueError) as info:
        ops.diagonal(np.ones((2, 2), 'float32'), axis1=0, axis2=2)
    assert str(info.value) == 'axis 2 is out of bounds for an array with dimension 2.'
    assert ops.diagonal(np.arange(6.0).reshape(2, 3), 1).numpy().tolist() == [1.0, 5.0]


def test_tile_by_floats_is_the_tile_kernels_registry_error():
    # TF 2.21: keras.ops.tile(np.ones((2, 3)), (1.5, 1)) -> InvalidArgumentError "Value for attr 'Tmultiples' of float
    # is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Tile}}; Op<name=Tile; signature=input:T,
    # multiples:Tmultiples -> output:T; attr=T:type; attr=Tmultiples:type,default=DT_INT32,allowed=[DT_INT32,
    # DT_INT64]> [Op:Tile]"; (np.float64(1.0), 1): '... of double ...'
    for repeats, dtype in (((1.5, 1), 'float'), ((np.float64(1.0), 1), 'double')):
        with pytest.raises(InvalidArgumentError) as info:
            ops.tile(np.ones((2, 3), 'float32'), repeats)
        assert str(info.value) == (
            "Value for attr 'Tmultiples' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node Tile}}; Op<name=Tile; signature=input:T, multiples:Tmultiples -> output:T; attr=T:type; "
            "attr=Tmultiples:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Tile]" % dtype)


def test_reshape_of_keras_tensors_follows_keras_shape_rule():
    # TF 2.21 (/work/notes/progs/errors41/ops3.py): newshape entries that are no int are None, a bare int or
    # string one entry: (None, 2, 3) reshaped to (2.0, 3) -> (None, 3); 'a' -> (None,); (None, 3) -> (None, 3); 6 -> (6,)
    i = keras.Input((2, 3))
    assert ops.reshape(i, (2.0, 3)).shape == (None, 3)
    assert ops.reshape(i, 'a').shape == (None,)
    assert ops.reshape(i, (None, 3)).shape == (None, 3)
    assert ops.reshape(i, 6).shape == (6,)


def test_symbolic_ops_raise_the_ops_own_words_when_no_length_matters():
    # TF 2.21: keras.ops.matmul(Input((3,), dtype='string'), Input((3, 2))) and concatenate of a string and a float
    # input -> ValueError "dtype='string' is not a valid dtype for Keras type promotion."; diagonal(Input((3,)),
    # axis1=0, axis2=3) -> 'axis 3 is out of bounds for an array with dimension 2.'
    with pytest.raises(ValueError) as info:
        ops.matmul(keras.Input((3,), dtype='string'), keras.Input((3, 2)))
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."
    with pytest.raises(ValueError) as info:
        ops.concatenate([keras.Input((3,), dtype='string'), keras.Input((3,))])
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."
    with pytest.raises(ValueError) as info:
        ops.diagonal(keras.Input((3,)), axis1=0, axis2=3)
    assert str(info.value) == 'axis 3 is out of bounds for an array with dimension 2.'


def test_symbolic_split_and_one_hot_check_as_keras_output_specs():
    # TF 2.21: split(Input((4,)), 0, axis=1) -> ZeroDivisionError 'integer division or modulo by zero';
    # split(Input((4,)), 1.5, axis=1) -> TypeError "'float' object is not iterable";
    # one_hot(Input((3,), dtype='int32'), -1) -> ValueError "Cannot convert '[None, 3, -1]' to a shape. Negative
    # dimensions are not allowed."; 2.5 -> "Cannot convert '[None, 3, 2.5]' to a shape. Found invalid dimension
    # '2.5' of type '<class 'float'>'. "
    with pytest.warns(RuntimeWarning), pytest.raises(ZeroDivisionError, match='^integer division or modulo by zero'):
        ops.split(keras.Input((4,)), 0, axis=1)
    with pytest.raises(TypeError, match="^'float' object is not iterable"):
        ops.split(keras.Input((4,)), 1.5, axis=1)
    labels = keras.Input((3,), dtype='int32')
    with pytest.raises(ValueError) as info:
        ops.one_hot(labels, -1)
    assert str(info.value) == "Cannot convert '[None, 3, -1]' to a shape. Negative dimensions are not allowed."
    with pytest.raises(ValueError) as info:
        ops.one_hot(labels, 2.5)
    assert str(info.value) == ("Cannot convert '[None, 3, 2.5]' to a shape. Found invalid dimension '2.5' of type "
                               "'<class 'float'>'. ")
    assert ops.one_hot(labels, 4).shape == (None, 3, 4)


@pytest.mark.parametrize('name', [
    'all', 'amax', 'amin', 'any', 'argsort', 'average', 'count_nonzero', 'cumprod', 'cumsum', 'log_softmax',
    'logsumexp', 'median', 'nanargmax', 'nanargmin', 'nanmax', 'nanmean', 'nanmedian', 'nanmin', 'nanprod',
    'nanstd', 'nansum', 'nanvar', 'norm', 'normalize', 'ptp', 'softmax', 'sort', 'sparsemax', 'std', 'unstack',
    'var'])
def test_symbolic_ops_canonicalize_their_axis_as_keras(name):
    # TF 2.21 (/work/notes/progs/errors41/axes.py): keras.ops.<name>(keras.Input((3,)), axis=5)
    # -> ValueError 'axis 5 is out of bounds for an array with dimension 2.'
    with pytest.raises(ValueError) as info:
        getattr(ops, name)(keras.Input((3,)), axis=5)
    assert str(info.value) == 'axis 5 is out of bounds for an array with dimension 2.'
    assert getattr(ops, name)(keras.Input((3,)), axis=-1) is not None


def test_quantiles_squeeze_and_sorts_read_the_axis_as_keras_on_tf():
    # TF 2.21 (/work/notes/progs/errors41/axes.py): keras.ops.median(x, axis=5) / quantile / percentile ->
    # 'axis 5 is out of bounds for an array with dimension 2.'; axis=1.0 or np.int64(1) (median, squeeze) ->
    # '`value` must be an integer, tuple or list. Received: value=1.0'; sort / argsort take axis=1.0 as axis 1
    x = np.ones((2, 3), 'float32')
    for run in (lambda: ops.median(x, axis=5), lambda: ops.quantile(x, 0.5, axis=5), lambda: ops.median(x, axis=(0, 5))):
        with pytest.raises(ValueError) as info:
            run()
        assert str(info.value) == 'axis 5 is out of bounds for an array with dimension 2.'
    for run, shown in ((lambda: ops.percentile(x, 50, axis=1.0), '1.0'), (lambda: ops.median(x, axis=np.int64(1)), '1'),
                       (lambda: ops.squeeze(np.ones((2, 1)), axis=1.0), '1.0')):
        with pytest.raises(ValueError) as info:
            run()
        assert str(info.value) == '`value` must be an integer, tuple or list. Received: value=%s' % shown
    values = np.array([[3.0, 1.0, 2.0]], 'float32')
    assert ops.sort(values, axis=1.0).numpy().tolist() == [[1.0, 2.0, 3.0]]
    assert ops.argsort(values, axis=1.0).numpy().tolist() == [[1, 2, 0]]
    assert ops.median(np.arange(6.0).reshape(2, 3), axis=-1).numpy().tolist() == [1.0, 4.0]


def test_rms_normalization_hands_its_axis_to_the_mean():
    # TF 2.21: keras.ops.rms_normalization(np.ones((2, 3)), axis=5) -> InvalidArgumentError '... Invalid reduction
    # dimension (5 for input with 2 dimension(s) [Op:Mean] name: '; axis=1.0 -> TypeError 'Cannot convert 1.0 to
    # EagerTensor of dtype int32'; axis=(0, 1) of arange(6) -> [[0.0, 0.3302891254425049, 0.6605782508850098], ...]
    x = np.arange(6, dtype='float32').reshape(2, 3)
    with pytest.raises(InvalidArgumentError) as info:
        ops.rms_normalization(x, axis=5)
    assert str(info.value).endswith('Invalid reduction dimension (5 for input with 2 dimension(s) [Op:Mean] name: ')
    with pytest.raises(TypeError, match='^Cannot convert 1.0 to EagerTensor of dtype int32'):
        ops.rms_normalization(x, axis=1.0)
    assert ops.rms_normalization(x, axis=(0, 1)).numpy()[0].tolist() == [0.0, 0.3302891254425049, 0.6605782508850098]


def test_glu_and_sparsemax_axes_fail_where_keras_reads_them():
    # TF 2.21 (/work/notes/progs/errors41/axes.py): keras.ops.glu(x, axis=5) -> IndexError 'tuple index out of range',
    # axis=1.0 -> TypeError 'tuple indices must be integers or slices, not float', axis=True halves axis 1;
    # keras.ops.sparsemax(x, axis=5) -> tf.sort's '... slice index 5 of dimension 0 out of bounds. [Op:StridedSlice]
    # name: strided_slice/', axis=-3 'slice index -1 ...', axis=1.0 'Cannot convert 1.0 to EagerTensor of dtype int32'
    x = np.ones((2, 4), 'float32')
    with pytest.raises(IndexError, match='^tuple index out of range(\n|$)'):
        ops.glu(x, axis=5)
    with pytest.raises(TypeError, match='^tuple indices must be integers or slices, not float(\n|$)'):
        ops.glu(x, axis=1.0)
    assert ops.glu(x, axis=True).shape == (2, 2)
    for axis, index in ((5, 5), (-3, -1)):
        with pytest.raises(InvalidArgumentError) as info:
            ops.sparsemax(x, axis=axis)
        assert str(info.value).endswith('slice index %d of dimension 0 out of bounds. [Op:StridedSlice] name: '
                                        'strided_slice/' % index)
    with pytest.raises(TypeError, match='^Cannot convert 1.0 to EagerTensor of dtype int32(\n|$)'):
        ops.sparsemax(x, axis=1.0)


def test_argmin_by_a_float_axis_on_tf_slow_path_is_the_registry_error():
    # TF 2.21: keras.ops.argmin(np.ones((2, 3)), axis=1.0) (int32 input and scalars alike; tf.math.argmin(...,
    # output_type='int32') too) -> InvalidArgumentError "Value for attr 'Tidx' of float is not in the list of allowed
    # values: int32, int64\n\t; NodeDef: {{node ArgMin}}; Op<name=ArgMin; ...> [Op:ArgMin]"; tf.argmin(x, axis=1.0)
    # (the fast path) -> TypeError 'Cannot convert 1.0 to EagerTensor of dtype int32'
    for run in (lambda: ops.argmin(np.ones((2, 3), 'float32'), axis=1.0),
                lambda: ops.argmin(np.ones((2, 3), 'int32'), axis=1.0),
                lambda: tf.math.argmin(tf.ones((2, 3)), axis=1.0, output_type='int32')):
        with pytest.raises(InvalidArgumentError) as info:
            run()
        text = str(info.value)
        assert text.startswith("Value for attr 'Tidx' of float is not in the list of allowed values: int32, int64\n\t; "
                               "NodeDef: {{node ArgMin}}; Op<name=ArgMin; signature=input:T, dimension:Tidx -> ")
        assert text.endswith('attr=output_type:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:ArgMin]')
    with pytest.raises(TypeError, match='^Cannot convert 1.0 to EagerTensor of dtype int32'):
        tf.argmin(tf.ones((2, 3)), axis=1.0)

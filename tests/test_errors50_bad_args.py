"""Bad arguments as TF 2.21 answers them (lead46's sweep, continued by errors50): the signal windows'
negative lengths (Range's error) and Range's bounds printed in their dtype.
Probes: /work/notes/progs/errors50/p1.py ... p3.py."""
import numpy as np
import pytest
import framework as tf

_RANGE = '{{function_node __wrapped__Range_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _range_error(bounds):
    return _RANGE + 'Requires start <= limit when delta > 0: %s [Op:Range] name: ' % bounds


def _raises(error_class, text, f, *args, **kwargs):
    """f(*args) raises ``error_class`` whose str() is exactly ``text`` (tapeflow's notes aside)."""
    with pytest.raises(error_class) as caught:
        f(*args, **kwargs)
    assert str(caught.value) == text


@pytest.mark.parametrize('window, length, bounds', [
    # TF 2.21: hann / hamming / vorbis run range(window_length); kaiser range(-half, half + 0.1) in float32
    # with half = (length - 1) / 2; kaiser_bessel_derived a Kaiser window of length // 2 + 1
    ('hann_window', -1, '0/-1'), ('hamming_window', -5, '0/-5'), ('vorbis_window', -2, '0/-2'),
    ('kaiser_window', -1, '1/-0.9'), ('kaiser_window', -2, '1.5/-1.4'), ('kaiser_window', -5, '3/-2.9'),
    ('kaiser_bessel_derived_window', -1, '0.5/-0.4'), ('kaiser_bessel_derived_window', -5, '1.5/-1.4'),
    ('kaiser_bessel_derived_window', -3, '1/-0.9')])
def test_window_of_negative_length_is_ranges_error(window, length, bounds):
    _raises(tf.errors.InvalidArgumentError, _range_error(bounds), getattr(tf.signal, window), length)
    _raises(tf.errors.InvalidArgumentError, _range_error(bounds), getattr(tf.signal, window), tf.constant(length),
            dtype=tf.float64)


def test_windows_of_lengths_0_to_2_still_compute():
    assert tf.signal.hann_window(0).shape == (0,) and tf.signal.vorbis_window(0).shape == (0,)
    assert tf.signal.hann_window(1).numpy().tolist() == [1.0]
    assert tf.signal.hamming_window(2, periodic=False).numpy().tolist() == pytest.approx([0.08, 0.08])


@pytest.mark.parametrize('start, limit, dtype, bounds', [
    # TF 2.21 prints the bounds as the kernel holds them, six significant digits
    (np.float32(1.0), np.float32(-0.9), None, '1/-0.9'), (1.0, 0.1234567891, None, '1/0.123457'),
    (1.0, -1 / 3, tf.float64, '1/-0.333333'), (0.5, 0.1, tf.bfloat16, '0.5/0.100098'),
    (2.5, -1e20, None, '2.5/-1e+20'), (5, 1, tf.int64, '5/1')])
def test_range_error_prints_bounds_in_their_dtype(start, limit, dtype, bounds):
    _raises(tf.errors.InvalidArgumentError, _range_error(bounds), tf.range, start, limit, dtype=dtype)


_PAD = '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('signal, step, error, text', [
    # TF 2.21's overlap_and_add: the signal's rank first, then frame_step converted to an integer scalar
    ([1, 2], [1., 2.], ValueError, 'Shape (2,) must have rank at least 2'),
    ('abc', 1, ValueError, 'Shape () must have rank at least 2'),
    ([[1., 2.]], 2.5, ValueError, "frame_step must be an integer. Got <dtype: 'float32'>"),
    ([[1., 2.]], 'abc', ValueError, "frame_step must be an integer. Got <dtype: 'string'>"),
    ([[1., 2.]], [1], ValueError, 'Shape (1,) must have rank 0'),
    ([[1., 2.]], None, ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    # a step <= 0 reaches its pads: segments = ceil(length / step), then segments * step - length
    (np.ones([3, 4]), -2, tf.errors.InvalidArgumentError, _PAD + 'Paddings must be non-negative: 0 -2 [Op:Pad] name: '),
    (np.ones([2, 3, 4]), 0, tf.errors.InvalidArgumentError, _PAD + 'Paddings must be non-negative: 0 -4 [Op:Pad] name: '),
    (np.ones([3, 4]), -4, tf.errors.InvalidArgumentError, _PAD + 'Paddings must be non-negative: 0 -1 [Op:Pad] name: '),
    (np.ones([0, 4]), -1, tf.errors.InvalidArgumentError, _PAD + 'Paddings must be non-negative: 0 -4 [Op:Pad] name: ')])
def test_overlap_and_add_checks_rank_then_step(signal, step, error, text):
    if isinstance(signal, list) and signal and not isinstance(signal[0], list):
        signal = tf.constant(signal)
    _raises(error, text, tf.signal.overlap_and_add, signal, step)


def test_overlap_and_add_still_adds():
    out = tf.signal.overlap_and_add(tf.reshape(tf.range(1., 7.), [3, 2]), tf.constant(1, tf.int64))
    assert out.numpy().tolist() == [1.0, 5.0, 9.0, 6.0]


@pytest.mark.parametrize('call, error, text', [
    # TF 2.21's mdct: the signals' rank, frame_length a scalar multiple of 4, then the window in the signals' dtype
    (lambda: tf.signal.mdct(tf.constant([1, 2]), tf.constant([1., 2.])), ValueError, 'Shape (2,) must have rank 0'),
    (lambda: tf.signal.mdct('abc', 8), ValueError, 'Shape () must have rank at least 1'),
    (lambda: tf.signal.mdct(np.ones(16, np.float32), 2.5), ValueError, 'The frame length must be a multiple of 4.'),
    (lambda: tf.signal.mdct(np.ones(16, np.float32), 6), ValueError, 'The frame length must be a multiple of 4.'),
    (lambda: tf.signal.mdct(np.ones(16, np.float32), None), ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda: tf.signal.mdct(tf.constant([1, 2]), 8), ValueError,
     "dtype must be a floating point type. Found <dtype: 'int32'>"),
    (lambda: tf.signal.mdct(tf.constant([['a', 'b', 'c', 'd']]), 4), ValueError,
     "dtype must be a floating point type. Found <dtype: 'string'>"),
    (lambda: tf.signal.mdct(np.ones(16, np.float32), 8, norm='x'), ValueError,
     "Unknown normalization. Expected None or 'ortho', got: x"),
    # inverse_mdct: the rank first; integer mdcts meet TF's first float constant
    (lambda: tf.signal.inverse_mdct('abc'), ValueError, 'Shape () must have rank at least 2'),
    (lambda: tf.signal.inverse_mdct(tf.constant([1, 2]), tf.constant([1., 2.])), ValueError,
     'Shape (2,) must have rank at least 2'),
    (lambda: tf.signal.inverse_mdct(tf.constant([[1, 2]])), TypeError, 'Cannot convert 0.5 to EagerTensor of dtype int32'),
    (lambda: tf.signal.inverse_mdct(tf.constant([[1, 2]]), norm='ortho'), TypeError,
     'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (lambda: tf.signal.inverse_mdct(tf.constant([[1., 2., 3.]])), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Split_num_split_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Number of '
     'ways to split should evenly divide the split dimension, but got split_dim 1 (size = 3) and num_split 2 '
     '[Op:Split] name: split')])
def test_mdct_and_inverse_check_in_tf_order(call, error, text):
    _raises(error, text, call)


def _sparse():
    return tf.sparse.from_dense(tf.constant([[1., 0., 2.], [0., 3., 0.]]))


_SPLIT_OP = ("; NodeDef: {{node SparseSplit}}; Op<name=SparseSplit; signature=split_dim:int64, indices:int64, "
             "values:T, shape:int64 -> output_indices:num_split*int64, output_values:num_split*T, "
             "output_shape:num_split*int64; attr=num_split:int,min=1; attr=T:type> [Op:SparseSplit]")


@pytest.mark.parametrize('args, error, text', [
    # TF 2.21's sparse.split requires its keywords (in this order), then SparseSplit reads num_split and axis
    ((None,), ValueError, 'sp_input is required'), (('abc',), ValueError, 'num_split is required'),
    ((None, 2, 0), ValueError, 'sp_input is required'), (('sp',), ValueError, 'num_split is required'),
    (('sp', 2), ValueError, 'axis is required'), (('sp', None, 0), ValueError, 'num_split is required'),
    ((tf.constant([[1.]]), 1, 0), TypeError, 'Input must be a SparseTensor.'),
    (('sp', 0, 0), tf.errors.InvalidArgumentError,
     "Value for attr 'num_split' of 0 must be at least minimum 1\n\t" + _SPLIT_OP + ' name: '),
    (('sp', -1, 0), tf.errors.InvalidArgumentError,
     "Value for attr 'num_split' of -1 must be at least minimum 1\n\t" + _SPLIT_OP),
    (('sp', 2.5, 0), TypeError, "'float' object cannot be interpreted as an integer"),
    (('sp', 2, -3), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__SparseSplit_num_split_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input axis should be in range [-2, 2), got -3 [Op:SparseSplit] name: '),
    (('sp', 2, 1.0), TypeError, 'Cannot convert 1.0 to EagerTensor of dtype int64'),
    (('sp', 2, tf.constant(1)), tf.errors.InvalidArgumentError,
     'cannot compute SparseSplit as input #0(zero-based) was expected to be a int64 tensor but is a int32 tensor '
     '[Op:SparseSplit] name: ')])
def test_sparse_split_arguments(args, error, text):
    args = tuple(_sparse() if isinstance(a, str) and a == 'sp' else a for a in args)
    _raises(error, text, tf.sparse.split, *args)


def test_sparse_split_still_splits():
    parts = tf.sparse.split(_sparse(), np.int32(3), tf.constant(1, tf.int64))
    assert [tf.sparse.to_dense(p).numpy().tolist() for p in parts] == [[[1.], [0.]], [[0.], [3.]], [[2.], [0.]]]
    parts = tf.sparse.split(sp_input=_sparse(), num_split=tf.constant(2), axis=-2)
    assert [p.dense_shape.numpy().tolist() for p in parts] == [[1, 3], [1, 3]]


@pytest.mark.parametrize('args, kwargs, error, text', [
    # TF 2.21's sparse.eye: Python / numpy ints or tensors (cast to int64), then range(min(rows, cols))
    (('abc',), {}, TypeError, 'num_rows must be an integer value'),
    ((None,), {}, TypeError, 'num_rows must be an integer value'),
    ((2.5,), {}, TypeError, 'num_rows must be an integer value'),
    (([2],), {}, TypeError, 'num_rows must be an integer value'),
    ((2, 2.5), {}, TypeError, 'num_columns must be an integer value'),
    ((-1,), {}, tf.errors.InvalidArgumentError, _range_error('0/-1')),
    ((3, -1), {}, tf.errors.InvalidArgumentError, _range_error('0/-1')),
    ((tf.constant([1, 2]), tf.constant([1., 2.])), {}, tf.errors.InvalidArgumentError,
     _RANGE + 'limit must be a scalar, not shape [2] [Op:Range] name: '),
    ((2,), {'dtype': tf.string}, TypeError, 'Cannot convert 1 to EagerTensor of dtype string')])
def test_sparse_eye_arguments(args, kwargs, error, text):
    _raises(error, text, tf.sparse.eye, *args, **kwargs)


def test_sparse_eye_still_builds():
    assert tf.sparse.eye(tf.constant(2.7, tf.float64)).dense_shape.numpy().tolist() == [2, 2]
    e = tf.sparse.eye(np.int64(2), 3, dtype=tf.int32)
    assert tf.sparse.to_dense(e).numpy().tolist() == [[1, 0, 0], [0, 1, 0]] and e.indices.dtype == tf.int64
    assert tf.sparse.eye(True).dense_shape.numpy().tolist() == [1, 1]


_X4 = np.arange(32, dtype=np.float32).reshape(1, 4, 4, 2)
_WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'


def _fractional_op(kernel):
    return ('Op<name=%s; signature=value:T -> output:T, row_pooling_sequence:int64, col_pooling_sequence:int64; '
            'attr=pooling_ratio:list(float),min=4; attr=pseudo_random:bool,default=false; attr=overlapping:bool,'
            'default=false; attr=deterministic:bool,default=false; attr=seed:int,default=0; attr=seed2:int,default=0; '
            'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64]> [Op:%s]' % (kernel, kernel))


@pytest.mark.parametrize('value, ratio, error, text', [
    # TF 2.21's fractional_avg_pool hands pooling_ratio to its op wrapper as given: a list or tuple only
    (None, None, TypeError, "Expected list for 'pooling_ratio' argument to 'fractional_avg_pool' Op, not None."),
    (_X4, 1.5, TypeError, "Expected list for 'pooling_ratio' argument to 'fractional_avg_pool' Op, not 1.5."),
    ('abc', 1.5, TypeError, "Expected list for 'pooling_ratio' argument to 'fractional_avg_pool' Op, not 1.5."),
    (_X4, 'abc', TypeError, "Expected list for 'pooling_ratio' argument to 'fractional_avg_pool' Op, not 'abc'."),
    (_X4, ['a', 'b', 'c', 'd'], TypeError, "Expected float for argument 'pooling_ratio' not 'a'."),
    # the op's attrs (a None ratio is an empty list on the eager fast path), then its kernel
    (_X4, None, tf.errors.InvalidArgumentError, "Length for attr 'pooling_ratio' of 0 must be at least minimum 4\n\t; "
     'NodeDef: {{node FractionalAvgPool}}; ' + _fractional_op('FractionalAvgPool') + ' name: '),
    (_X4, [1.5], tf.errors.InvalidArgumentError, "Length for attr 'pooling_ratio' of 1 must be at least minimum 4\n\t; "
     'NodeDef: {{node FractionalAvgPool}}; ' + _fractional_op('FractionalAvgPool') + ' name: '),
    ('abc', [1., 1.5, 1.5, 1.], tf.errors.InvalidArgumentError, "Value for attr 'T' of string is not in the list of "
     'allowed values: float, double, int32, int64\n\t; NodeDef: {{node FractionalAvgPool}}; '
     + _fractional_op('FractionalAvgPool')),
    (_X4, [1., 1.5, 1.5, 1., 1.], tf.errors.InvalidArgumentError,
     _WRAPPED % ('FractionalAvgPool', 'pooling_ratio field must specify 4 dimensions', 'FractionalAvgPool') + ' name: '),
    (_X4, [1., 0.5, 0.5, 1.], tf.errors.InvalidArgumentError,
     _WRAPPED % ('FractionalAvgPool', 'pooling_ratio cannot be smaller than 1, got: 0.5', 'FractionalAvgPool')
     + ' name: '),
    (_X4, [1., 1.5, 1.5, 2.], tf.errors.UnimplementedError,
     _WRAPPED % ('FractionalAvgPool', 'Fractional average pooling is not yet supported on the batch nor channel '
                 'dimension.', 'FractionalAvgPool') + ' name: '),
    # a list with Python ints runs on the slow path: no ' name: ' tail
    (np.ones([4, 4, 2], np.float32), [1, 1.5, 1.5, 1], tf.errors.InvalidArgumentError,
     _WRAPPED % ('FractionalAvgPool', 'tensor_in must be 4-dimensional', 'FractionalAvgPool')),
    (_X4, (1., 4.5, 1., 1.), tf.errors.InvalidArgumentError,
     _WRAPPED % ('FractionalAvgPool', 'Pooling ratio is higher than input dimension size for dimension 1. Input dim '
                 'size: 4 pooling ratio: 4.5', 'FractionalAvgPool') + ' name: ')])
def test_fractional_avg_pool_arguments(value, ratio, error, text):
    _raises(error, text, tf.nn.fractional_avg_pool, value, ratio)


@pytest.mark.parametrize('value, ratio, error, text', [
    # TF 2.21's fractional_max_pool checks the ratio in Python first, then spreads it over the four axes
    (_X4, None, ValueError, '`pooling_ratio` should be an int or a list of ints. Received: pooling_ratio=None'),
    (None, None, ValueError, '`pooling_ratio` should be an int or a list of ints. Received: pooling_ratio=None'),
    (_X4, 'abc', ValueError, '`pooling_ratio` should be an int or a list of ints. Received: pooling_ratio=abc'),
    (tf.constant([1, 2]), tf.constant([1., 2.]), ValueError,
     '`pooling_ratio` should be an int or a list of ints. Received: pooling_ratio=[1. 2.]'),
    (_X4, np.float32(1.5), ValueError,
     '`pooling_ratio` should be an int or a list of ints. Received: pooling_ratio=1.5'),
    (_X4, 0.5, ValueError, '`pooling_ratio` should be >= 1.0. Received: pooling_ratio=0.5'),
    (_X4, [1.5], ValueError,
     '`pooling_ratio` should have first and last elements with value 1.0. Received: pooling_ratio=[1.5]'),
    (_X4, [1., 0.5, 1.5, 1.], ValueError,
     '`pooling_ratio` elements should be >= 1.0. Received: pooling_ratio=[1.0, 0.5, 1.5, 1.0]'),
    (_X4, [1., 1.5, 1.], ValueError,
     'pooling_ratio should be of length 1, 2 or 4. Received: pooling_ratio=[1.0, 1.5, 1.0] of length 3'),
    (None, 1.5, ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('abc', [1., 1.5, 1.5, 1.], tf.errors.InvalidArgumentError, "Value for attr 'T' of string is not in the list of "
     'allowed values: float, double, int32, int64\n\t; NodeDef: {{node FractionalMaxPool}}; '
     + _fractional_op('FractionalMaxPool')),
    # a scalar ratio becomes [1, r, r, 1] (Python ints: the slow path, no ' name: ' tail)
    (np.ones([4, 4, 2], np.float32), 1.5, tf.errors.InvalidArgumentError,
     _WRAPPED % ('FractionalMaxPool', 'tensor_in must be 4-dimensional', 'FractionalMaxPool')),
    (np.ones([4, 4, 2], np.float32), [1., 1.5, 1.5, 1.], tf.errors.InvalidArgumentError,
     _WRAPPED % ('FractionalMaxPool', 'tensor_in must be 4-dimensional', 'FractionalMaxPool') + ' name: '),
    (np.zeros([0, 4, 5, 2], np.float32), [1., 1.5, 1.5, 1.], tf.errors.InvalidArgumentError,
     _WRAPPED % ('FractionalMaxPool', 'Pooling ratio is higher than input dimension size for dimension 0. Input dim '
                 'size: 0 pooling ratio: 1', 'FractionalMaxPool') + ' name: ')])
def test_fractional_max_pool_arguments(value, ratio, error, text):
    _raises(error, text, tf.nn.fractional_max_pool, value, ratio)


def test_fractional_pools_still_pool():
    # TF 2.21 (seed=1): both give (1, 2, 2, 2) on a 4 x 4 input with ratio 1.5; max takes 2 and True as ratios
    for ratio in ((1., 1.5, 1.5, 1.), np.array([1., 1.5, 1.5, 1.])):
        assert tf.nn.fractional_avg_pool(_X4, ratio, seed=1)[0].shape == (1, 2, 2, 2)
    assert tf.nn.fractional_max_pool(_X4, 1.5, seed=1)[0].shape == (1, 2, 2, 2)
    assert tf.nn.fractional_max_pool(_X4, 2, seed=1)[0].shape == (1, 2, 2, 2)
    assert tf.nn.fractional_max_pool(_X4, [1., 1.], seed=1)[0].shape == (1, 4, 4, 2)


_NONE = "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."


@pytest.mark.parametrize('call, error, text', [
    # TF 2.21's op wrappers read string attrs with make_str; TF's Python converts unicode_encode's and the
    # decoders' input first, unicode_transcode's wrapper reads its attrs first
    (lambda: tf.strings.unicode_encode([65], None), TypeError, "Expected string for argument 'output_encoding' not None."),
    (lambda: tf.strings.unicode_encode([65], 3), TypeError, "Expected string for argument 'output_encoding' not 3."),
    (lambda: tf.strings.unicode_encode(tf.ragged.constant([[65], [66, 67]]), None), TypeError,
     "Expected string for argument 'output_encoding' not None."),
    (lambda: tf.strings.unicode_encode(None, None), ValueError, _NONE),
    (lambda: tf.strings.unicode_encode('abc', None), ValueError, "input_tensor's rank must be at least 1."),
    (lambda: tf.strings.unicode_decode(['a'], None), TypeError, "Expected string for argument 'input_encoding' not None."),
    (lambda: tf.strings.unicode_decode(tf.constant([1, 2]), tf.constant([1., 2.])), TypeError,
     "Expected string for argument 'input_encoding' not <tf.Tensor: shape=(2,), dtype=float32, "
     "numpy=array([1., 2.], dtype=float32)>."),
    (lambda: tf.strings.unicode_decode(None, None), ValueError, _NONE),
    (lambda: tf.strings.unicode_split(['a'], 3), TypeError, "Expected string for argument 'input_encoding' not 3."),
    (lambda: tf.strings.unicode_decode_with_offsets(['a'], None), TypeError,
     "Expected string for argument 'input_encoding' not None."),
    (lambda: tf.strings.unicode_split_with_offsets(['a'], None), TypeError,
     "Expected string for argument 'input_encoding' not None."),
    (lambda: tf.strings.unicode_transcode(None, None, None), TypeError,
     "Expected string for argument 'input_encoding' not None."),
    (lambda: tf.strings.unicode_transcode(['a'], 'UTF-8', None), TypeError,
     "Expected string for argument 'output_encoding' not None."),
    # unicode_script converts a non-tensor to int32; a tensor of another dtype is the kernel's error
    (lambda: tf.strings.unicode_script('abc'), TypeError, "Cannot convert 'abc' to EagerTensor of dtype int32"),
    (lambda: tf.strings.unicode_script([65.5]), TypeError, 'Cannot convert [65.5] to EagerTensor of dtype int32'),
    (lambda: tf.strings.unicode_script(tf.constant([65], tf.int64)), tf.errors.InvalidArgumentError,
     'cannot compute UnicodeScript as input #0(zero-based) was expected to be a int32 tensor but is a int64 tensor '
     '[Op:UnicodeScript] name: ')])
def test_unicode_string_attrs_and_inputs(call, error, text):
    _raises(error, text, call)


def test_unicode_attrs_none_is_their_default():
    # TF 2.21: errors=None / replacement_char=None are the attrs' defaults; bytes encodings read as UTF-8
    assert tf.strings.unicode_decode(['a'], 'UTF-8', errors=None, replacement_char=None).to_list() == [[97]]
    assert tf.strings.unicode_decode(['a'], b'UTF-8').to_list() == [[97]]
    assert tf.strings.unicode_encode([65], b'UTF-8', replacement_char=None).numpy() == b'A'
    assert tf.strings.unicode_script(np.array([65], np.int64)).numpy().tolist() == [25]


@pytest.mark.parametrize('args, kwargs, error, text', [
    # TF 2.21's ngrams: pad_values and padding_width, then the data (conversion, rank), then the widths
    ((['a', 'b'], 2), {'pad_values': 3}, TypeError, 'pad_values must be a string, tuple of strings, or None.'),
    ((None, 2), {'pad_values': ('x', 2)}, TypeError, 'pad_values must be a string, tuple of strings, or None.'),
    ((['a', 'b'], 2), {'pad_values': 'x', 'padding_width': 0}, ValueError, 'padding_width must be greater than 0.'),
    ((['a', 'b'], 2), {'padding_width': 1}, ValueError, 'pad_values must be provided if padding_width is set.'),
    ((None, None), {}, ValueError, _NONE), ((None, 0), {}, ValueError, _NONE),
    (('abc', 0), {}, ValueError, 'Data must have rank>0'),
    (([1, 2], 0), {}, TypeError, 'Cannot convert [1, 2] to EagerTensor of dtype string'),
    (([['a', 'b'], ['c', 'd']], 0), {}, ValueError, 'All ngram_widths must be greater than 0. Got 0')])
def test_ngrams_checks_in_tf_order(args, kwargs, error, text):
    _raises(error, text, tf.strings.ngrams, *args, **kwargs)


def test_ngrams_still_pads():
    out = tf.strings.ngrams(['a', 'b', 'c'], 2, pad_values=('<', '>'), padding_width=1)
    assert out.numpy().tolist() == [b'< a', b'a b', b'b c', b'c >']


def test_type_spec_from_value_none_is_none_tensor_spec():
    # TF 2.21: NoneTensorSpec() (tf.NoneTensorSpec), equal to any other, a TypeSpec that fits only None
    spec = tf.type_spec_from_value(None)
    assert repr(spec) == 'NoneTensorSpec()' and isinstance(spec, tf.NoneTensorSpec) and isinstance(spec, tf.TypeSpec)
    assert spec == tf.NoneTensorSpec() and hash(spec) == hash(tf.NoneTensorSpec())
    assert spec.is_compatible_with(None) and spec.is_compatible_with(spec)
    assert not spec.is_compatible_with(tf.constant(1)) and not tf.TensorSpec([]).is_compatible_with(spec)
    assert repr(tf.nest.map_structure(tf.type_spec_from_value, [None, 1])) == \
        '[NoneTensorSpec(), TensorSpec(shape=(), dtype=tf.int32, name=None)]'
    assert not hasattr(spec, 'dtype')


def test_none_tensor_spec_in_an_input_signature_takes_none():
    @tf.function(input_signature=[tf.NoneTensorSpec(), tf.TensorSpec([], tf.float32)])
    def f(x, y):
        return y * 2 if x is None else y
    assert f(None, 2.).numpy() == 4.0


_MEAN_OP = ("\n\t; NodeDef: {{node Mean}}; Op<name=Mean; signature=input:T, reduction_indices:Tidx -> output:T; "
            "attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, "
            "DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, "
            "DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, "
            "DT_INT64]> [Op:Mean] name: ")


@pytest.mark.parametrize('name', ['reduce_variance', 'reduce_std'])
def test_variance_of_integers_takes_the_mean_first(name):
    # TF 2.21 takes reduce_mean(x, axis) before it refuses integer inputs: the mean's errors come first
    f = getattr(tf.math, name)
    _raises(tf.errors.InvalidArgumentError, "Value for attr 'Tidx' of float is not in the list of allowed values: "
            'int32, int64' + _MEAN_OP, f, tf.constant([1, 2]), tf.constant([1., 2.]))
    _raises(tf.errors.InvalidArgumentError, '{{function_node __wrapped__Mean_device_/job:localhost/replica:0/task:0/'
            'device:CPU:0}} Invalid reduction dimension (5 for input with 1 dimension(s) [Op:Mean] name: ',
            f, tf.constant([1, 2]), 5)
    _raises(TypeError, "Input must be either real or complex. Received integer type <dtype: 'int32'>.",
            f, tf.constant([1, 2]), 0)
    assert f(tf.constant([1., 3.])).numpy() == 1.0      # (variance and std of [1, 3] are both 1)


@pytest.mark.parametrize('f', [tf.math.l2_normalize, tf.nn.l2_normalize])
def test_l2_normalize_of_integers_sums_first(f):
    # TF 2.21: reduce_sum(square(x), axis) runs before max(sum, epsilon) refuses the integers
    _raises(tf.errors.InvalidArgumentError, "Value for attr 'Tidx' of float is not in the list of allowed values: "
            "int32, int64\n\t; NodeDef: {{node Sum}}; Op<name=Sum; signature=input:T, reduction_indices:Tidx -> "
            'output:T; attr=keep_dims:bool,default=false; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, '
            'DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, '
            'DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64]; attr=Tidx:type,default=DT_INT32,'
            'allowed=[DT_INT32, DT_INT64]> [Op:Sum] name: ', f, tf.constant([1, 2]), tf.constant([1., 2.]))
    _raises(TypeError, 'Cannot convert 1e-12 to EagerTensor of dtype int32', f, tf.constant([1, 2]), 0)


def test_none_attrs_are_their_defaults():
    # TF 2.21's op wrappers read a None attr as its default: qr / svd full_matrices False, lrn depth_radius 5,
    # bias 1, alpha 1, beta 0.5; svd's Python tests compute_uv for truth (None: s alone)
    m = tf.constant([[2., 0.], [0., 1.]])
    q, r = tf.linalg.qr(m, None)
    assert q.shape == (2, 2) and r.shape == (2, 2)
    assert tf.linalg.svd(m, None)[0].numpy().tolist() == [2.0, 1.0]
    assert tf.linalg.svd(m, compute_uv=None).numpy().tolist() == [2.0, 1.0]
    x = tf.ones([1, 2, 2, 1])
    assert tf.nn.lrn(x, None).numpy().ravel().tolist() == tf.nn.lrn(x).numpy().ravel().tolist()
    assert tf.nn.lrn(x, 2, None, None, None).numpy().ravel().tolist() == tf.nn.lrn(x, 2).numpy().ravel().tolist()
    # with a None input too, the input's conversion is the error
    for f in (tf.linalg.qr, tf.linalg.svd, tf.nn.lrn):
        _raises(ValueError, _NONE, f, None, None)
    _raises(TypeError, "Expected bool for argument 'full_matrices' not 'x'.", tf.linalg.svd, None, 'x')
    _raises(TypeError, "Expected bool for argument 'compute_uv' not 1.", tf.linalg.svd, m, compute_uv=1)


@pytest.mark.parametrize('args, error, text', [
    # TF 2.21's SobolSample converts dim, num_results and skip to int32, then wants scalars
    ((None, None), ValueError, _NONE), ((2, None), ValueError, _NONE), ((2, 3, None), ValueError, _NONE),
    ((2.5, 2), TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int32'),
    (('a', 2), TypeError, "Cannot convert 'a' to EagerTensor of dtype int32"),
    (([2], 2), tf.errors.InvalidArgumentError, '{{function_node __wrapped__SobolSample_device_/job:localhost/replica:0/'
     'task:0/device:CPU:0}} dim must be a scalar [Op:SobolSample]'),
    ((2, [3]), tf.errors.InvalidArgumentError, '{{function_node __wrapped__SobolSample_device_/job:localhost/replica:0/'
     'task:0/device:CPU:0}} num_results must be a scalar [Op:SobolSample]'),
    ((tf.constant(2, tf.int64), 3), tf.errors.InvalidArgumentError, 'cannot compute SobolSample as input #0(zero-based) '
     'was expected to be a int32 tensor but is a int64 tensor [Op:SobolSample] name: ')])
def test_sobol_sample_reads_int32_scalars(args, error, text):
    _raises(error, text, tf.math.sobol_sample, *args)
    assert tf.math.sobol_sample(np.int64(2), 3, 1).numpy().tolist() == [[0.75, 0.25], [0.25, 0.75], [0.375, 0.375]]


@pytest.mark.parametrize('args, error, text', [
    # TF 2.21's categorical converts logits in Python, then Multinomial converts num_samples to int32
    ((None, None), ValueError, _NONE), ((None, 2), ValueError, _NONE),
    (([[1., 2.], [3.]], 2), ValueError, "Can't convert non-rectangular Python sequence to Tensor."),
    ((np.zeros([1, 2], np.float32), None), ValueError, _NONE),
    ((np.zeros([1, 2], np.float32), 2.5), TypeError, 'Cannot convert 2.5 to EagerTensor of dtype int32'),
    ((np.zeros([1, 2], np.float32), [2]), tf.errors.InvalidArgumentError, '{{function_node __wrapped__Multinomial_'
     'device_/job:localhost/replica:0/task:0/device:CPU:0}} num_samples should be a scalar, got shape [1] '
     '[Op:Multinomial]')])
def test_categorical_converts_its_inputs_first(args, error, text):
    _raises(error, text, tf.random.categorical, *args, seed=1)
    assert tf.random.categorical([[0., 0.]], np.int64(2), seed=1).shape == (1, 2)


@pytest.mark.parametrize('args, error, text', [
    # TF 2.21's required_space_to_batch_paddings: int32 conversions, then static shape checks
    ((None, None), ValueError, _NONE), (([4, 4], None), ValueError, _NONE),
    (([4, 4], [2., 2.]), TypeError, 'Cannot convert [2.0, 2.0] to EagerTensor of dtype int32'),
    ((tf.constant([1, 2]), tf.constant([1., 2.])), ValueError, 'block_shape: Tensor conversion requested dtype int32 '
     'for Tensor with dtype float32: <tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>'),
    (([4, 4, 4], [2, 2]), ValueError, 'Shapes (3,) and [2] are incompatible'),
    (([4, 4], [[2, 2]]), ValueError, 'Shape (1, 2) must have rank 1'),
    (([4, 4], [2, 2], [[1, 1]]), ValueError, 'Shapes (1, 2) and [2, 2] are incompatible')])
def test_required_space_to_batch_paddings_arguments(args, error, text):
    _raises(error, text, tf.required_space_to_batch_paddings, *args)
    paddings, crops = tf.required_space_to_batch_paddings([5, 7], [2, 3], [[1, 0], [0, 1]])
    assert paddings.numpy().tolist() == [[1, 0], [0, 2]] and crops.numpy().tolist() == [[0, 0], [0, 1]]


@pytest.mark.parametrize('name', ['normal', 'uniform', 'truncated_normal', 'gamma', 'poisson'])
def test_random_ragged_shape_is_the_conversion_error(name):
    # TF 2.21 converts the shape first: "Can't convert non-rectangular Python sequence to Tensor."
    extra = (1.0,) if name in ('gamma', 'poisson') else ()
    _raises(ValueError, "Can't convert non-rectangular Python sequence to Tensor.", getattr(tf.random, name),
            [[1., 2.], [3.]], *extra)
    _raises(ValueError, "Can't convert non-rectangular Python sequence to Tensor.", tf.random.stateless_uniform,
            [[1, 2], [3]], seed=[1, 2])


@pytest.mark.parametrize('call, error, text', [
    # TF 2.21: erfcinv computes 0.5 * x first, reciprocal_no_nan makes constant(1, x.dtype), the Euclidean norms
    # multiply by conj(x), global_norm wants a sequence
    (lambda: tf.math.erfcinv('abc'), TypeError, 'Cannot convert 0.5 to EagerTensor of dtype string'),
    (lambda: tf.math.erfcinv(tf.constant([1, 2])), TypeError, 'Cannot convert 0.5 to EagerTensor of dtype int32'),
    (lambda: tf.math.erfcinv(True), TypeError, 'Cannot convert 0.5 to EagerTensor of dtype bool'),
    (lambda: tf.math.reciprocal_no_nan('abc'), TypeError, 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: tf.math.reciprocal_no_nan(tf.constant([True])), TypeError, 'Cannot convert 1 to EagerTensor of dtype bool'),
    (lambda: tf.norm('abc'), TypeError, 'Expected numeric or variant tensor, got dtype tf.string.'),
    (lambda: tf.norm(tf.constant([True]), ord=2), TypeError, 'Expected numeric or variant tensor, got dtype tf.bool.'),
    (lambda: tf.norm(tf.constant([['a', 'b']]), ord='fro', axis=[0, 1]), TypeError,
     'Expected numeric or variant tensor, got dtype tf.string.'),
    (lambda: tf.linalg.normalize('abc'), TypeError, 'Expected numeric or variant tensor, got dtype tf.string.'),
    (lambda: tf.linalg.global_norm('abc'), TypeError, "`t_list` should be a sequence of tensors. Received <class 'str'>."),
    (lambda: tf.linalg.global_norm(None), TypeError,
     "`t_list` should be a sequence of tensors. Received <class 'NoneType'>.")])
def test_dtype_refusals_in_tf_words(call, error, text):
    _raises(error, text, call)


def test_string_norms_by_abs_are_abs_refusals():
    # TF 2.21: the 1, inf and p norms start with Abs, whose registry refuses strings
    with pytest.raises(tf.errors.InvalidArgumentError, match="^Value for attr 'T' of string is not in the list of "
                       'allowed values: bfloat16, half, float, double, int8, int16, int32, int64'):
        tf.norm(tf.constant(['a', 'b']), ord=1)
    assert tf.linalg.global_norm((tf.constant([3.]), tf.constant([4.]))).numpy() == 5.0


_MAX_T = ("Value for attr 'T' of %s is not in the list of allowed values: float, double, int32, uint8, int16, int8, int64, "
          'bfloat16, uint16, half, uint32, uint64, qint8, quint8, qint32, qint16, quint16\n\t; NodeDef: {{node Max}}; '
          'Op<name=Max; signature=input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; '
          'attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, '
          'DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64, DT_QINT8, DT_QUINT8, DT_QINT32, DT_QINT16, DT_QUINT16]; '
          'attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Max] name: ')
_INVERT_T = ("Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
             'InvertPermutation}}; Op<name=InvertPermutation; signature=x:T -> y:T; attr=T:type,default=DT_INT32,'
             'allowed=[DT_INT32, DT_INT64]> [Op:InvertPermutation]')


def test_sequence_mask_and_invert_permutation_registry_errors():
    # TF 2.21: sequence_mask takes max(lengths) first (Max's registry); InvertPermutation's T is int32 / int64,
    # a tensor on the fast path (' name: '), a Python string on the slow one
    _raises(tf.errors.InvalidArgumentError, _MAX_T % 'string', tf.sequence_mask, 'abc')
    _raises(tf.errors.InvalidArgumentError, _MAX_T % 'bool', tf.sequence_mask, tf.constant([True]))
    _raises(tf.errors.InvalidArgumentError, _INVERT_T % 'string', tf.math.invert_permutation, 'abc')
    _raises(tf.errors.InvalidArgumentError, _INVERT_T % 'float' + ' name: ', tf.math.invert_permutation,
            tf.constant([1., 0.]))
    _raises(tf.errors.InvalidArgumentError, _INVERT_T % 'int8' + ' name: ', tf.math.invert_permutation,
            tf.constant([1, 0], tf.int8))
    assert tf.math.invert_permutation([1, 0]).numpy().tolist() == [1, 0]


@pytest.mark.parametrize('axis, error, text', [
    # TF 2.21's concat of one value converts axis with convert_to_tensor(axis, name='concat_dim', dtype=int32)
    (tf.constant([1., 2.]), ValueError, 'concat_dim: Tensor conversion requested dtype int32 for Tensor with dtype '
     'float32: <tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>'),
    (tf.constant(0, tf.int64), ValueError, 'concat_dim: Tensor conversion requested dtype int32 for Tensor with dtype '
     'int64: <tf.Tensor: shape=(), dtype=int64, numpy=0>'),
    (0.5, TypeError, 'Cannot convert 0.5 to EagerTensor of dtype int32'),
    (tf.constant([0]), ValueError, 'Shape (1,) must have rank 0'), (None, ValueError, _NONE)])
def test_concat_of_one_reads_its_axis_as_tf(axis, error, text):
    _raises(error, text, tf.concat, [tf.constant([1, 2])], axis)
    assert tf.concat([tf.constant([1, 2])], np.float32(0)).numpy().tolist() == [1, 2]

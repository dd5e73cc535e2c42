"""Bad inputs as TF 2.21 answers them (lead46's sweep): tf.tuple, shape_n, math.real / imag / conj / angle,
signal.fftshift, meshgrid, attrs read before inputs (bitcast, reverse_sequence, depth_to_space, to_hash_bucket,
approx_max_k, squeeze, unstack), the signal windows' window_length, linalg.pinv / matrix_rank of strings.
Probes: /work/notes/progs/errors49/p2.py ... p9.py."""
import numpy as np
import pytest
import framework as tf

_ROLL_TAXIS = ("Value for attr 'Taxis' of float is not in the list of allowed values: int32, int64\n\t; "
               "NodeDef: {{node Roll}}; Op<name=Roll; signature=input:T, shift:Tshift, axis:Taxis -> output:T; "
               "attr=T:type; attr=Tshift:type,allowed=[DT_INT32, DT_INT64]; "
               "attr=Taxis:type,allowed=[DT_INT32, DT_INT64]> [Op:Roll]")


def test_tuple_returns_its_argument_eagerly():
    # TF 2.21's tf.tuple returns `tensors` itself when executing eagerly: None, 'abc', a tuple stay as given
    a = tf.constant([1.0, 2.0])
    assert tf.tuple(None) is None and tf.tuple('abc') == 'abc'
    pair = (a, 1.0)
    assert tf.tuple(pair) is pair
    assert tf.tuple(tf.constant(1), tf.constant(1.0)).numpy() == 1      # (control_inputs ignored eagerly)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.reduce_sum(tf.tuple([a * 3])[0])
    assert tape.gradient(y, a).numpy().tolist() == [3.0, 3.0]


def test_tuple_in_a_function_gives_a_list():
    @tf.function
    def f(x):
        out = tf.tuple((x, x * 2, None))
        assert isinstance(out, list) and out[2] is None
        return out[1]
    assert f(tf.constant([1.0])).numpy().tolist() == [2.0]


@pytest.mark.parametrize('value, shown', [('abc', "'abc'"), (None, 'None'), (3, '3')])
def test_shape_n_takes_a_list(value, shown):
    # TF 2.21: TypeError "Expected list for 'input' argument to 'shape_n' Op, not 'abc'."
    with pytest.raises(TypeError, match="^Expected list for 'input' argument to 'shape_n' Op, not %s\\." % shown):
        tf.shape_n(value)
    assert [s.numpy().tolist() for s in tf.shape_n([[1, 2], [3, 4]])] == [[2], [2]]


def test_imag_of_a_string_or_bool_is_zeros_like():
    # TF 2.21: tf.math.imag('abc') is b'', imag of bools False (zeros_like for every non-complex dtype)
    assert tf.math.imag('abc').numpy() == b''
    assert tf.math.imag(tf.constant(['ab', 'c'])).numpy().tolist() == [b'', b'']
    out = tf.math.imag(tf.constant([True]))
    assert out.dtype == tf.bool and out.numpy().tolist() == [False]


def test_real_conj_angle_refuse_strings_and_bools_in_tf_words():
    # TF 2.21's texts
    with pytest.raises(TypeError, match="^input must be a numeric tensor, but got tensor with dtype <dtype: 'string'>"):
        tf.math.real('abc')
    with pytest.raises(TypeError, match="^input must be a numeric tensor, but got tensor with dtype <dtype: 'bool'>"):
        tf.math.real(True)
    with pytest.raises(TypeError, match="^Expected numeric or variant tensor, got dtype tf.string\\."):
        tf.math.conj(tf.constant(['x']))
    with pytest.raises(TypeError, match="^Expected numeric or variant tensor, got dtype tf.bool\\."):
        tf.math.conj(True)
    with pytest.raises(TypeError, match="^Cannot convert 0 to EagerTensor of dtype bool"):
        tf.math.angle(tf.constant([True]))
    assert tf.math.real(3).numpy() == 3 and tf.math.conj(2.5).numpy() == 2.5


@pytest.mark.parametrize('op', ['fftshift', 'ifftshift'])
@pytest.mark.parametrize('value', ['abc', 1.0, 3])
def test_fftshift_of_a_scalar_is_rolls_axis_error(op, value):
    # TF 2.21 rolls a scalar along axes () (a float32 tensor): Roll's Taxis error, no ' name: ' tail
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        getattr(tf.signal, op)(value)
    assert str(err.value).split('\n\t; ')[0] + '\n\t; ' + str(err.value).split('\n\t; ')[1].split('\n')[0] \
        == _ROLL_TAXIS
    assert getattr(tf.signal, op)(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == \
        ([3.0, 1.0, 2.0] if op == 'fftshift' else [2.0, 3.0, 1.0])
    assert tf.signal.fftshift(tf.constant([1.0, 2.0]), axes=[]).numpy().tolist() == [1.0, 2.0]


def test_meshgrid_of_strings_and_ragged_lists():
    # TF 2.21: string inputs fail at ones(shapes, tf.string): TypeError 'Cannot convert 1 to EagerTensor of dtype string'
    for args in (('abc',), (tf.constant(['a', 'b']),), (['a', 'b'], [1, 2])):
        with pytest.raises(TypeError, match='^Cannot convert 1 to EagerTensor of dtype string'):
            tf.meshgrid(*args)
    # TF 2.21 stacks each input: a ragged list is Pack's InvalidArgumentError
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r'Shapes of all inputs must match: values\[0\].shape = \[2\] != values\[1\].shape = \[1\]'):
        tf.meshgrid([1, 2], [[1, 2], [3]])
    x, y = tf.meshgrid([1, 2], [3, 4, 5])
    assert x.numpy().tolist() == [[1, 2]] * 3 and y.numpy().tolist() == [[3, 3], [4, 4], [5, 5]]


def test_int_and_type_attrs_are_read_before_the_input():
    # TF 2.21's op wrappers check attrs (make_int / make_type) before converting the input: None inputs with a None attr
    # are the attr's TypeError, not the conversion's ValueError
    with pytest.raises(TypeError, match="^Expected DataType for argument 'type' not None\\."):
        tf.bitcast(None, None)
    with pytest.raises(TypeError, match="^Expected int for argument 'seq_dim' not None\\."):
        tf.reverse_sequence(None, None)
    with pytest.raises(TypeError, match="^Expected int for argument 'block_size' not None\\."):
        tf.nn.depth_to_space(None, None)
    with pytest.raises(TypeError, match="^Expected int for argument 'block_size' not 'x'\\."):
        tf.nn.space_to_depth(None, 'x')
    with pytest.raises(TypeError, match="^Expected int for argument 'num_buckets' not None\\."):
        tf.strings.to_hash_bucket(None, None)
    for call in (lambda: tf.bitcast(None, tf.int32), lambda: tf.reverse_sequence(None, None, seq_axis=1),
                 lambda: tf.nn.depth_to_space(None, 1)):
        with pytest.raises(ValueError):     # a good attr: the input's conversion error, as TF
            call()
    assert tf.strings.to_hash_bucket(['a'], 3.5).dtype == tf.int64


@pytest.mark.parametrize('window', ['hann_window', 'hamming_window', 'kaiser_window', 'kaiser_bessel_derived_window',
                                    'vorbis_window'])
def test_window_length_converts_to_an_int32_scalar(window):
    # TF 2.21's window_ops: dtype checked first, then convert_to_tensor(window_length, dtype=int32), then rank 0
    f = getattr(tf.signal, window)
    with pytest.raises(TypeError, match="^Cannot convert 'abc' to EagerTensor of dtype int32"):
        f('abc')
    with pytest.raises(TypeError, match='^Cannot convert 2.5 to EagerTensor of dtype int32'):
        f(2.5)
    with pytest.raises(ValueError, match=r'^Attempt to convert a value \(None\)'):
        f(None)
    with pytest.raises(ValueError, match=r'^Shape \(2,\) must have rank 0'):
        f(tf.constant([1, 2]))
    with pytest.raises(ValueError, match="^dtype must be a floating point type. Found <dtype: 'int32'>"):
        f('abc', dtype=tf.int32)
    assert tuple(f(tf.constant(4)).shape) == (4,) and tuple(f(6).shape) == (6,)


def test_squeeze_axis_and_unstack_num_are_list_and_int_attrs():
    # TF 2.21: squeeze wraps only a scalar axis in a list; the op refuses a vector tensor / array
    x = tf.constant([[1, 2]])
    axis = tf.constant([1.0, 2.0])
    with pytest.raises(TypeError, match="^Expected list for 'axis' argument to 'squeeze' Op, not ") as err:
        tf.squeeze(x, axis)
    assert str(err.value).split('\n')[0] == "Expected list for 'axis' argument to 'squeeze' Op, not %r." % (axis,)
    with pytest.raises(TypeError, match=r"^Expected list for 'axis' argument to 'squeeze' Op, not array\(\[0\]\)\."):
        tf.squeeze(x, np.array([0]))
    assert tf.squeeze(x, [0]).numpy().tolist() == [1, 2]
    # Unpack's num is make_int's: TypeError "Expected int for argument 'num' not '2'."
    for num, shown in (('2', "'2'"), ([2], r'\[2\]')):
        with pytest.raises(TypeError, match="^Expected int for argument 'num' not %s\\." % shown):
            tf.unstack(tf.constant([1, 2]), num)
    assert [t.numpy() for t in tf.unstack(tf.constant([1, 2]), tf.constant(2))] == [1, 2]


def test_approx_top_k_reads_k_before_the_operand():
    # TF 2.21: make_int(k) first: TypeError "Expected int for argument 'k' not None." even with a None operand
    for fn in (tf.math.approx_max_k, tf.math.approx_min_k):
        with pytest.raises(TypeError, match="^Expected int for argument 'k' not None\\."):
            fn(None, None)
        with pytest.raises(TypeError, match="^Expected int for argument 'k' not 'a'\\."):
            fn(tf.constant([1.0, 2.0]), 'a')
        with pytest.raises(ValueError):
            fn(None, 1)
    out = tf.math.approx_max_k(tf.constant([1.0, 3.0, 2.0]), 1.5)       # (k truncated, as make_int's int())
    assert out.values.numpy().tolist() == [3.0] and out.indices.numpy().tolist() == [1]


@pytest.mark.parametrize('op', ['pinv', 'matrix_rank'])
def test_pinv_matrix_rank_refuse_strings_by_dtype_first(op):
    # TF 2.21: TypeError 'Input `a` must have `float`-like `dtype` (saw string).' before the rank check
    with pytest.raises(TypeError, match=r'^Input `a` must have `float`-like `dtype` \(saw string\)\.'):
        getattr(tf.linalg, op)('abc')
    with pytest.raises(ValueError, match=r'^Input `a` must have at least 2 dimensions \(saw: 0\)\.'):
        getattr(tf.linalg, op)(1.0)


def test_strings_none_attrs_are_their_defaults():
    # TF 2.21's op wrappers read encoding=None as '' and unit=None as 'BYTE': upper(['a'], None) is [b'A']
    assert tf.strings.upper(['a'], None).numpy().tolist() == [b'A']
    assert tf.strings.lower(['A'], None).numpy().tolist() == [b'a']
    assert tf.strings.length(['ab'], None).numpy().tolist() == [2]
    for call in (lambda: tf.strings.upper(None, None), lambda: tf.strings.length(None, None)):
        with pytest.raises(ValueError, match=r'^Attempt to convert a value \(None\)'):
            call()

"""The random-number-generation guide's error corners in TF 2.21's words: ThreeFry's missing CPU kernel,
binomial shape / batch / dtype mismatches, unsigned bounds and non-float normal dtypes.

Every expected message was printed by TF 2.21 (/opt/tfref/bin/python) with
    try: f()
    except Exception as e: print(type(e).__name__, repr(str(e)))
(notes progs/tutorials43: /tmp probes t43_rprobe*.py, copied into random_gen.py's checks)."""
import pytest

import framework as tf

_CPU = '/job:localhost/replica:0/task:0/device:CPU:0'
_THREEFRY = ("{{function_node __wrapped__%s_device_" + _CPU + "}} counter must be a vector with length at least 2; "
             "got shape: [1]. (Note that batched counters are not supported yet.) [Op:%s] name: ")


def _raised(f):
    with pytest.raises(Exception) as info:
        f()
    return type(info.value).__name__, str(info.value)


@pytest.mark.parametrize('draw, kernel', [
    (lambda: tf.random.stateless_uniform([2], seed=[1, 2], alg='threefry'), 'StatelessRandomUniformV2'),
    (lambda: tf.random.stateless_uniform([2], seed=[1, 2], alg=tf.random.Algorithm.THREEFRY),
     'StatelessRandomUniformV2'),
    (lambda: tf.random.stateless_uniform([2], seed=[1, 2], minval=0, maxval=5, dtype=tf.int32, alg='threefry'),
     'StatelessRandomUniformIntV2'),
    (lambda: tf.random.stateless_uniform([2], seed=[1, 2], minval=None, maxval=None, dtype=tf.int32, alg='threefry'),
     'StatelessRandomUniformFullIntV2'),
    (lambda: tf.random.stateless_normal([2], seed=[1, 2], alg='threefry'), 'StatelessRandomNormalV2'),
    (lambda: tf.random.stateless_truncated_normal([2], seed=[1, 2], alg='threefry'), 'StatelessTruncatedNormalV2'),
    (lambda: tf.random.experimental.stateless_shuffle(tf.range(4), seed=[1, 2], alg='threefry'), 'StatelessShuffle'),
])
def test_threefry_is_the_kernels_counter_error(draw, kernel):
    assert _raised(draw) == ('InvalidArgumentError', _THREEFRY % (kernel, kernel))


def _binomial(kernel, text):
    tail = ' name: ' if kernel.startswith('Stateful') else ''
    return ('InvalidArgumentError', '{{function_node __wrapped__%s_device_%s}} %s [Op:%s]%s'
            % (kernel, _CPU, text, kernel, tail))


def test_binomial_shape_and_batch_errors():
    shape_text = 'Shape passed in must end with broadcasted shape.'
    batch_text = 'counts and probs must have compatible batch dimensions: [2] vs. [3]'
    stateless = lambda shape, counts, probs: lambda: tf.random.stateless_binomial(shape, [1, 2], counts, probs)
    assert _raised(stateless([4], [10.], [0.3])) == _binomial('StatelessRandomBinomial', shape_text)
    assert _raised(stateless([4, 2], [10., 3.], [0.3, .2, .1])) == _binomial('StatelessRandomBinomial', batch_text)
    assert _raised(stateless([3, 2], [[10.], [3.]], 0.3)) == _binomial('StatelessRandomBinomial', shape_text)
    g = tf.random.Generator.from_seed(1)
    assert _raised(lambda: g.binomial([4], counts=[10.], probs=[0.3])) == _binomial('StatefulRandomBinomial',
                                                                                  shape_text)
    assert _raised(lambda: g.binomial([4, 2], counts=[10., 3.], probs=[0.3, .2, .1])) == \
        _binomial('StatefulRandomBinomial', batch_text)
    assert _raised(lambda: g.binomial([], counts=[10., 3.], probs=0.3)) == _binomial('StatefulRandomBinomial',
                                                                                   shape_text)
    assert g.state.numpy().tolist() == [1, 0, 0]        # a refused draw moves no state (TF: [1, 0, 0])
    # what draws stays TF's: stateless_binomial([4, 2], [1, 2], [10., 3.], [0.3]) printed by TF 2.21
    assert stateless([4, 2], [10., 3.], [0.3])().numpy().tolist() == [[5, 3], [5, 1], [5, 2], [4, 0]]


def test_binomial_dtype_mismatch_names_the_kernel_input():
    f32, f64, f16 = tf.constant(10.), tf.constant(10., tf.float64), tf.constant(10., tf.float16)
    p32, p64 = tf.constant(0.3), tf.constant(0.3, tf.float64)
    text = 'cannot compute %s as input #%d(zero-based) was expected to be a %s tensor but is a %s tensor [Op:%s]%s'
    assert _raised(lambda: tf.random.stateless_binomial([4], [1, 2], f32, p64)) == (
        'InvalidArgumentError', text % ('StatelessRandomBinomial', 3, 'float', 'double', 'StatelessRandomBinomial', ''))
    assert _raised(lambda: tf.random.stateless_binomial([4], [1, 2], f16, p32)) == (
        'InvalidArgumentError', text % ('StatelessRandomBinomial', 3, 'half', 'float', 'StatelessRandomBinomial', ''))
    assert _raised(lambda: tf.random.stateless_binomial([4], [1, 2], f64, 0.3)) == (
        'InvalidArgumentError', text % ('StatelessRandomBinomial', 3, 'double', 'float', 'StatelessRandomBinomial', ''))
    g = tf.random.Generator.from_seed(1)
    assert _raised(lambda: g.binomial([4], counts=f64, probs=p32)) == (
        'InvalidArgumentError',
        text % ('StatefulRandomBinomial', 4, 'double', 'float', 'StatefulRandomBinomial', ' name: '))
    # a Python count follows a typed probs (TF 2.21: [5 5 5 4])
    assert tf.random.stateless_binomial([4], [1, 2], 10., p64).numpy().tolist() == [5, 5, 5, 4]


def test_unsigned_bounds_and_non_float_normals():
    assert _raised(lambda: tf.random.stateless_uniform([2], [1, 2], minval=0, maxval=5, dtype=tf.uint32)) == (
        'ValueError', "Argument `dtype` got invalid value <dtype: 'uint32'> when argument `minval` is not None. "
                      "Please don't use unsigned integers in this case.")
    assert _raised(lambda: tf.random.stateless_normal([2], [1, 2], dtype=tf.int32, mean=1)) == (
        'TypeError', 'Cannot convert 1.0 to EagerTensor of dtype int32')
    assert _raised(lambda: tf.random.stateless_truncated_normal([2], [1, 2], dtype=tf.int32)) == (
        'TypeError', 'Cannot convert 0.0 to EagerTensor of dtype int32')
    assert _raised(lambda: tf.random.stateless_normal([2], [1, 2], dtype=tf.int64, mean=2, stddev=1.5)) == (
        'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int64')
    assert _raised(lambda: tf.random.stateless_normal([2], [1, 2], dtype=tf.int64, mean=tf.constant(0.5))) == (
        'ValueError', 'mean: Tensor conversion requested dtype int64 for Tensor with dtype float32: '
                      '<tf.Tensor: shape=(), dtype=float32, numpy=0.5>')
    assert _raised(lambda: tf.random.stateless_normal([2], [1, 2], dtype=tf.complex64)) == (
        'InvalidArgumentError',
        "Value for attr 'dtype' of complex64 is not in the list of allowed values: half, bfloat16, float, double\n\t; "
        "NodeDef: {{node StatelessRandomNormalV2}}; Op<name=StatelessRandomNormalV2; signature=shape:Tshape, "
        "key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, "
        "DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> "
        "[Op:StatelessRandomNormalV2] name: ")

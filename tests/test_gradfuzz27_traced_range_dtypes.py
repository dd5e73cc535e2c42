"""tf.range dtypes inside a tf.function: TF 2.21's graph refuses a float16 range of constant bounds (its shape
function has no DT_HALF case) and a Tidx outside Range's op definition (uint8, complex) with the op-definition
TypeError, where eagerly the first computes and the second is the kernel registry's InvalidArgumentError (probe
/work/notes/progs/gradfuzz27/r1.py)."""
import numpy as np
import pytest

import framework as tf


def _last_line(fn, *args, error=ValueError):
    with pytest.raises(error) as caught:
        tf.function(fn)(*args)
    text = str(caught.value).strip()
    return text.splitlines()[-1].strip().split('Error: ', 1)[-1]


def _half(node, values):
    return ("Unsupported dtype19 for '{{node %s}} = Range[Tidx=DT_HALF](%s/start, %s/limit, %s/delta)' with input "
            "shapes: [], [], [] and with computed input tensors: input[0] = <%s>, input[1] = <%s>, input[2] = <%s>."
            % ((node,) * 4 + values))


@pytest.mark.parametrize('fn, expected', [
    # TF 2.21's texts
    (lambda: tf.range(3, dtype='float16'), _half('range', ('0', '3', '1'))),
    (lambda: tf.range(0.5, 3, 0.5, dtype='float16'), _half('range', ('0.5', '3', '0.5'))),
    (lambda: tf.range(3, dtype='float16', name='rr'), _half('rr', ('0', '3', '1'))),
])
def test_a_float16_range_of_constant_bounds_is_refused_in_a_trace(fn, expected):
    assert _last_line(fn) == expected


def test_the_refused_range_sits_in_its_name_scope():
    # TF 2.21: '{{node blk/range}} ... (blk/range/start, blk/range/limit, blk/range/delta)'
    def g():
        with tf.name_scope('blk'):
            return tf.range(3, dtype='float16')
    assert _last_line(g) == _half('blk/range', ('0', '3', '1'))


@pytest.mark.parametrize('dtype', ['uint8', 'complex64', 'complex128'])
def test_a_dtype_outside_ranges_definition_is_the_graphs_type_error(dtype):
    # TF 2.21's op-definition check while the graph is built
    assert _last_line(lambda: tf.range(3, dtype=dtype), error=TypeError) == (
        "Value passed to parameter 'start' has DataType %s not in list of allowed values: bfloat16, float16, "
        "float32, float64, int8, int16, int32, int64, uint16, uint32, uint64" % dtype)


def test_ranges_that_compute():
    # TF 2.21: a tensor bound is no constant of the graph, so float16 computes; eagerly float16 computes
    traced = tf.function(lambda n: tf.range(n, dtype='float16'))(tf.constant(3))
    assert traced.dtype.name == 'float16' and np.asarray(traced).tolist() == [0.0, 1.0, 2.0]
    assert np.asarray(tf.range(3, dtype='float16')).tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tidx' of uint8"):
        tf.range(3, dtype='uint8')

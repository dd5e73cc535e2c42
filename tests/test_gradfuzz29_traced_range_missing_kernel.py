"""tf.range of int8 / int16 / uint16 / uint32 / uint64 inside a tf.function: Range's op definition allows those
Tidx, but TF 2.21 has no CPU kernel for them. Its graph builds the node (a print in the trace shows
Tensor("range:0", shape=(5,), dtype=int8)) and every run fails with the graph's InvalidArgumentError
"No OpKernel was registered to support Op 'Range' used by {{node range}} with these attrs: [Tidx=DT_INT8] ...".
tapeflow raised the eager NotFoundError ('Could not find device for node: {{node Range}} = Range[Tidx=DT_INT8]
...') while tracing. Texts printed by TF 2.21 (notes progs/gradfuzz29/rg.py); the uid after the function's name is
left out, as tapeflow's graph run errors do.
"""
import numpy as np
import pytest

import framework as tf

_KERNELS = ("Registered devices: [CPU]\nRegistered kernels:\n  device='DEFAULT'; Tidx in [DT_INT32]\n"
            "  device='CPU'; Tidx in [DT_INT64]\n  device='CPU'; Tidx in [DT_INT32]\n  device='CPU'; Tidx in [DT_DOUBLE]\n"
            "  device='CPU'; Tidx in [DT_FLOAT]\n  device='CPU'; Tidx in [DT_BFLOAT16]\n  device='CPU'; Tidx in [DT_HALF]")


def _run_error(function):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        function()
    return str(info.value)


def _text(node, tidx, function_name):
    return ("No OpKernel was registered to support Op 'Range' used by {{node %s}} with these attrs: [Tidx=DT_%s]\n"
            "%s\n\n\t [[%s]] [Op:__inference_%s" % (node, tidx, _KERNELS, node, function_name))


@pytest.mark.parametrize('dtype', ['int8', 'int16', 'uint16', 'uint32', 'uint64'])
def test_a_range_without_a_cpu_kernel_fails_when_the_graph_runs(dtype):
    function = tf.function(lambda: tf.range(5, dtype=dtype))
    assert _run_error(function).startswith(_text('range', dtype.upper(), '<lambda>'))
    assert _run_error(function).startswith(_text('range', dtype.upper(), '<lambda>'))      # (at every call)


def test_the_trace_goes_on_with_the_ranges_tensor():
    shown = []

    @tf.function
    def f():
        r = tf.range(2, 7, dtype=tf.int8)
        shown.append(repr(r))
        return tf.cast(r, tf.float32) + 1.0
    assert _run_error(f).startswith(_text('range', 'INT8', 'f'))
    assert shown == ['<tf.Tensor \'range:0\' shape=(5,) dtype=int8>']


def test_a_named_range_names_the_node():
    function = tf.function(lambda: tf.range(5, dtype=tf.int16, name='rg'))
    assert _run_error(function).startswith(_text('rg', 'INT16', '<lambda>'))


def test_eagerly_it_is_still_the_device_error():
    with pytest.raises(tf.errors.NotFoundError, match=r'Could not find device for node: \{\{node Range\}\} = '
                                                      r'Range\[Tidx=DT_INT8\]'):
        tf.range(5, dtype=tf.int8)
    assert np.array_equal(tf.function(lambda: tf.range(5, dtype=tf.int64))().numpy(), np.arange(5))

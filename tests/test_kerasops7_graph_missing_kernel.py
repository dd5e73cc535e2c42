"""keras.ops.reciprocal / tf.math.reciprocal of integers inside a tf.function: TF 2.21's op registry takes the
dtype (its XLA kernel computes it), so the trace builds Tensor("Reciprocal:0", ...) and goes on, and the graph's
run fails at each call with InvalidArgumentError "No OpKernel was registered to support Op 'Reciprocal' ...".
tapeflow raised the eager NotFoundError 'Could not find device for node: ...' while tracing. Texts: TF 2.21's
(notes/progs/kerasops7/recip.py, recip2.py; TF's '[Op:__inference_f_8]' carries a uid tapeflow leaves out)."""
import pytest

import framework as tf
from framework import keras

ops = keras.ops

KERNELS = ("  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
           "DT_BFLOAT16, DT_COMPLEX128, DT_HALF]\n  device='CPU'; T in [DT_COMPLEX128]\n  device='CPU'; T in "
           "[DT_COMPLEX64]\n  device='CPU'; T in [DT_DOUBLE]\n  device='CPU'; T in [DT_BFLOAT16]\n  device='CPU'; "
           "T in [DT_HALF]\n  device='CPU'; T in [DT_FLOAT]")


def run_error(dtype, function):
    return ("No OpKernel was registered to support Op 'Reciprocal' used by {{node Reciprocal}} with these attrs: "
            "[T=DT_%s]\nRegistered devices: [CPU]\nRegistered kernels:\n%s\n\n\t [[Reciprocal]] "
            "[Op:__inference_%s" % (dtype, KERNELS, function))


def test_the_trace_builds_the_node_and_each_call_fails(capsys):
    @tf.function(input_signature=[tf.TensorSpec((None, 4), 'int32')])
    def f(x):
        r = ops.reciprocal(x)
        print(r, x + 1)
        return r
    for _ in range(2):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            f(tf.constant([[1, 2, 3, 4]]))
        assert str(info.value).startswith(run_error('INT32', 'f'))
    # TF 2.21 prints the trace once: the ops after the node are built too
    assert capsys.readouterr().out == ('Tensor("Reciprocal:0", shape=(None, 4), dtype=int32) '
                                       'Tensor("add:0", shape=(None, 4), dtype=int32)\n')
    assert f.experimental_get_tracing_count() == 1


@pytest.mark.parametrize('dtype, name', [(tf.int64, 'INT64'), (tf.int8, 'INT8')])
def test_other_integer_dtypes(dtype, name, capsys):
    @tf.function
    def f(x):
        a = tf.math.reciprocal(x + 1)
        b = ops.reciprocal(x)
        print(a, b)
        return a
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        f(tf.constant([1, 2], dtype))
    assert str(info.value).startswith(run_error(name, 'f'))    # (the first failing node)
    assert capsys.readouterr().out == ('Tensor("Reciprocal:0", shape=(2,), dtype=%s) '
                                       'Tensor("Reciprocal_1:0", shape=(2,), dtype=%s)\n' % (dtype.name, dtype.name))


def test_get_concrete_function_traces_and_its_call_fails():
    @tf.function
    def g(x):
        return tf.math.reciprocal(tf.cast(x, tf.int32)) * 0 + 1
    c = g.get_concrete_function(tf.TensorSpec([None]))
    # TF 2.21: the trace is made (its output known), the run fails
    assert str(c.structured_outputs) == 'Tensor("Identity:0", shape=(None,), dtype=int32)'
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        c(tf.constant([1., 2.]))
    assert str(info.value).startswith(run_error('INT32', 'g'))
    with pytest.raises(tf.errors.InvalidArgumentError):
        g(tf.constant([1., 2.]))
    assert g.experimental_get_tracing_count() == 1


def test_eagerly_it_is_still_the_not_found_error():
    with pytest.raises(tf.errors.NotFoundError, match=r'Could not find device for node: \{\{node Reciprocal\}\}'):
        tf.math.reciprocal(tf.constant([1, 2]))

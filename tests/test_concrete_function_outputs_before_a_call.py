"""A concrete function from get_concrete_function knows its outputs before any call, as TF 2.21's
(which traces there): print(cf) shows 'Output Type:' and 'Captures:', structured_outputs and
output_shapes answer (tapeflow printed the parameters only and raised ValueError 'call it once
first'). tapeflow runs the Python once on stand-ins for it, leaving no trace of that run: variables
keep their values, nothing prints, numpy's random stream is where it was.

Expected values printed by TensorFlow 2.21 (/opt/tfref; progs/autograph4/q12.py, q34.py, q41.py,
progs/autograph3/p50.py)."""
import numpy as np

import framework as tf


def test_print_and_outputs_of_a_spec_trace():
    @tf.function
    def f(x, y, flag=True):
        return x * 2 if flag else y
    cf = f.get_concrete_function(tf.TensorSpec([None, 3], tf.float32, name='inp'), tf.TensorSpec([], tf.int32))
    assert str(cf.structured_outputs) == 'Tensor("Identity:0", shape=(None, 3), dtype=float32)'
    assert cf.pretty_printed_signature(verbose=False) == (
        "(x: TensorSpec(shape=(None, 3), dtype=tf.float32, name='inp'), y: TensorSpec(shape=(), dtype=tf.int32, "
        "name=None), flag: Literal[True]) -> TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)")
    assert str(cf).splitlines()[-4:] == [
        'Output Type:', '  TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)', 'Captures:', '  None']
    assert [t.name for t in cf.outputs] == ['Identity:0']


def test_output_shapes_and_dtypes_before_a_call():
    @tf.function
    def f(x):
        return x + 1
    cf = f.get_concrete_function(tf.TensorSpec([2], tf.int32))
    assert str(cf.structured_outputs) == 'Tensor("Identity:0", shape=(2,), dtype=int32)'
    assert (str(cf.output_shapes), str(cf.output_dtypes)) == ('(2,)', "<dtype: 'int32'>")


def test_pretty_printed_concrete_signatures_of_a_spec_trace():
    @tf.function
    def f(x):
        return tf.reduce_sum(x)
    f.get_concrete_function(tf.TensorSpec([None, 2], tf.float32))
    assert f.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n'
        '  x (POSITIONAL_OR_KEYWORD): TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)\n'
        'Output Type:\n'
        '  TensorSpec(shape=(), dtype=tf.float32, name=None)\n'
        'Captures:\n'
        '  None')


def test_the_run_for_outputs_leaves_no_effect(capsys):
    v = tf.Variable([1.0, 1.0])

    @tf.function
    def bump(x):
        print('tracing bump')
        v.assign_add(x)
        tf.print('bumped')
        return v * x + np.random.rand()
    np.random.seed(0)
    c = bump.get_concrete_function(tf.TensorSpec([2], tf.float32))
    assert str(c.structured_outputs) == 'Tensor("Identity:0", shape=(2,), dtype=float32)'
    assert v.numpy().tolist() == [1.0, 1.0]
    assert capsys.readouterr() == ('', '')
    after = np.random.get_state()
    assert after[2] == np.random.RandomState(0).get_state()[2] and \
        after[1].tolist() == np.random.RandomState(0).get_state()[1].tolist()     # (numpy's stream not drawn)
    drawn = np.random.RandomState(0).rand()
    out = c(tf.constant([1.0, 2.0]))
    np.testing.assert_allclose(out.numpy(), np.array([2.0, 6.0], np.float32) + np.float32(drawn), rtol=1e-6)
    assert v.numpy().tolist() == [2.0, 3.0]
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ('tracing bump\n', 'bumped\n')

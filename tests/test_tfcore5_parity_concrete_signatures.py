"""ConcreteFunction.structured_input_signature and its printout against TensorFlow 2.21
(progs/tfcore5/b04_sis.py, b05_sis2.py under /opt/tfref): TensorSpecs are named by their path
in the arguments ('x', 'pair_0_1', 'd_a_0', 'args_1_0', 'k_0'), an input_signature's unnamed
specs too, and an input_signature's structures print as Tuple[...] / Dict[[...]]."""
import framework as tf


def _spec(shape, dtype, name):
    return tf.TensorSpec(shape, dtype, name)


def test_an_input_signatures_unnamed_spec_takes_the_parameters_name():
    @tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
    def next_collatz(x):
        return x + 1
    assert repr(next_collatz.get_concrete_function().structured_input_signature) == (
        "((TensorSpec(shape=(None,), dtype=tf.int32, name='x'),), {})")


def test_nested_input_signature_specs_are_named_by_path_and_printed_as_structures():
    @tf.function(input_signature=[(tf.TensorSpec([2]), tf.TensorSpec([], name='n')),
                                  {'a': tf.TensorSpec([None], tf.int32)}])
    def g(p, d):
        return p[0]
    cf = g.get_concrete_function()
    assert cf.structured_input_signature == (
        ((_spec([2], tf.float32, 'p_0'), _spec([], tf.float32, 'n')), {'a': _spec([None], tf.int32, 'd_a')}), {})
    assert str(cf).splitlines()[1:3] == [
        "  p (POSITIONAL_OR_KEYWORD): Tuple[TensorSpec(shape=(2,), dtype=tf.float32, name=None), "
        "TensorSpec(shape=(), dtype=tf.float32, name='n')]",
        "  d (POSITIONAL_OR_KEYWORD): Dict[['a', TensorSpec(shape=(None,), dtype=tf.int32, name=None)]]"]


def test_traced_structures_name_their_tensors_by_path():
    @tf.function
    def f(pair, d, *args, **kw):
        return pair[0][0]
    cf = f.get_concrete_function(((tf.constant(1.0), tf.constant([2.0])), 3), {'a': [tf.constant(1)]},
                                 tf.constant(4.0), [tf.constant(5.0)], k=(tf.constant(6.0),))
    # TF 2.21 (repr): ((((..., name='pair_0_0'), (..., name='pair_0_1')), 3), {'a': [(..., name='d_a_0')]},
    #                  (..., name='args_0'), [(..., name='args_1_0')]), {'k': ((..., name='k_0'),)})
    args, kwargs = cf.structured_input_signature
    assert args == (((_spec([], tf.float32, 'pair_0_0'), _spec([1], tf.float32, 'pair_0_1')), 3),
                    {'a': [_spec([], tf.int32, 'd_a_0')]}, _spec([], tf.float32, 'args_0'),
                    [_spec([], tf.float32, 'args_1_0')])
    assert kwargs == {'k': (_spec([], tf.float32, 'k_0'),)}
    assert [s.name for s in (args[0][0][0], args[1]['a'][0], args[3][0], kwargs['k'][0])] == [
        'pair_0_0', 'd_a_0', 'args_1_0', 'k_0']

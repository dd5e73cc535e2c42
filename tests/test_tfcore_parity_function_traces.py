"""tf.function guide prints: numpy scalars trace as scalar tensors, a reduce_retracing trace prints its
relaxed shape, and concrete signatures carry 'Output Type:' / 'Captures:'. Expected text is TensorFlow
2.21's (run under /opt/tfref, 2026-12-02)."""
import numpy as np

import framework as tf


def _lines(text):
    return [line for line in text.splitlines() if line]


def test_numpy_scalars_trace_as_scalar_tensors_by_dtype(capsys):
    @tf.function
    def h(x):
        print('Tracing h', x)
        return x
    assert h(np.float32(3.0)).dtype == tf.float32
    assert float(h(np.float32(4.0))) == 4.0           # the same trace: value not part of the key
    h(np.float64(4.0))
    h(np.int64(4))
    h(tf.constant(1.0))                                # reuses the np.float32 trace
    assert h.experimental_get_tracing_count() == 3
    assert _lines(capsys.readouterr().out) == [
        'Tracing h Tensor("x:0", shape=(), dtype=float32)',
        'Tracing h Tensor("x:0", shape=(), dtype=float64)',
        'Tracing h Tensor("x:0", shape=(), dtype=int64)']


def test_a_relaxed_trace_prints_its_open_length(capsys):
    @tf.function(reduce_retracing=True)
    def g(x):
        print('Tracing with', x)
        return x
    g(tf.constant([1, 2, 3]))
    g(tf.constant([1, 2, 3, 4, 5]))
    g(tf.constant([1, 2, 3, 4, 5, 6, 7]))
    assert g.experimental_get_tracing_count() == 2
    assert _lines(capsys.readouterr().out) == ['Tracing with Tensor("x:0", shape=(3,), dtype=int32)',
                                               'Tracing with Tensor("x:0", shape=(None,), dtype=int32)']


SPEC_F32 = 'TensorSpec(shape=(), dtype=tf.float32, name=None)'
SPEC_I2 = 'TensorSpec(shape=(2,), dtype=tf.int32, name=None)'


def test_output_types_of_structures_none_and_python_numbers():
    @tf.function
    def pair(x):
        return x, x * 2

    @tf.function
    def mapping(x):
        return {'b': x, 'a': [x, x]}

    @tf.function
    def nothing(x):
        x + 1

    @tf.function
    def three(x):
        return 3
    pair(tf.constant(1.0))
    mapping(tf.constant([1, 2]))
    nothing(tf.constant(1))
    three(1)
    tail = '\nCaptures:\n  None'
    assert pair.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): %s\nOutput Type:\n  Tuple[%s, %s]' % ((SPEC_F32,) * 3) + tail)
    assert mapping.pretty_printed_concrete_signatures() == (
        "Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): %s\nOutput Type:\n  Dict[['b', %s], ['a', List[%s, %s]]]"
        % ((SPEC_I2,) * 4) + tail)
    assert nothing.pretty_printed_concrete_signatures().endswith('Output Type:\n  Literal[None]' + tail)
    assert three.pretty_printed_concrete_signatures() == (
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): Literal[1]\nOutput Type:\n  '
        'TensorSpec(shape=(), dtype=tf.int32, name=None)' + tail)
    assert str(pair.get_concrete_function(tf.constant(1.0))).startswith('ConcreteFunction Input Parameters:\n')
    assert str(pair.get_concrete_function(tf.constant(1.0))).endswith('Output Type:\n  Tuple[%s, %s]%s'
                                                                      % (SPEC_F32, SPEC_F32, tail))


def test_parameter_kinds_var_args_and_keyword_only_as_tensorflow_lists_them():
    @tf.function
    def kw(x, **kwargs):
        return kwargs['a'] * 2

    @tf.function
    def var_args(x, *args):
        return tf.add_n(args)

    @tf.function
    def scaled(x, y=1.0, *, scale=2):
        return (x + y) * scale
    kw(tf.constant(1), a=tf.constant(2), b=3)
    var_args(1, tf.constant(1), tf.constant(2))
    spec_i = 'TensorSpec(shape=(), dtype=tf.int32, name=None)'
    assert kw.pretty_printed_concrete_signatures().startswith(
        'Input Parameters:\n  x (POSITIONAL_OR_KEYWORD): %s\n  a (KEYWORD_ONLY): %s\n  b (KEYWORD_ONLY): Literal[3]\n'
        % (spec_i, spec_i))
    assert var_args.pretty_printed_concrete_signatures().startswith(
        'Input Parameters:\n  x (POSITIONAL_ONLY): Literal[1]\n  args_0 (POSITIONAL_ONLY): %s\n'
        '  args_1 (POSITIONAL_ONLY): %s\n' % (spec_i, spec_i))
    assert repr(var_args.get_concrete_function(1, tf.constant(1), tf.constant(2)).structured_input_signature) == (
        "((1, TensorSpec(shape=(), dtype=tf.int32, name='args_0'), "
        "TensorSpec(shape=(), dtype=tf.int32, name='args_1')), {})")
    cf = scaled.get_concrete_function(tf.TensorSpec([2], tf.float32))
    assert str(cf).splitlines()[3] == '  scale (KEYWORD_ONLY): Literal[2]'
    assert repr(cf.structured_input_signature) == (
        "((TensorSpec(shape=(2,), dtype=tf.float32, name='x'), 1.0), {'scale': 2})")


def test_dicts_describe_as_key_value_pairs_and_spec_names_name_the_placeholder(capsys):
    @tf.function
    def nested(d):
        return d['a']
    cf = nested.get_concrete_function({'a': [tf.constant(2), 3], 'b': tf.constant(1)})
    assert str(cf).splitlines()[1] == (
        "  d (POSITIONAL_OR_KEYWORD): Dict[['a', List[TensorSpec(shape=(), dtype=tf.int32, name=None), Literal[3]]], "
        "['b', TensorSpec(shape=(), dtype=tf.int32, name=None)]]")

    @tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32, name='inp')])
    def sig(x):
        print('Tracing sig', x)
        return x
    sig(tf.ones([3, 2]))
    assert _lines(capsys.readouterr().out) == ['Tracing sig Tensor("inp:0", shape=(None, 2), dtype=float32)']

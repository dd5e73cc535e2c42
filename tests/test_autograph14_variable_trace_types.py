"""A tf.Variable argument keys a tf.function's trace as TF 2.21's VariableSpec: by shape, dtype,
``trainable`` and ``alias_id`` (the order in which the call's distinct variables first appear), and the
concrete signatures print it so.

TF 2.21 (/work/notes/progs/autograph14/p7.py): f(v1); f(v4) (trainable=False); f(v1, v2); f(v1, v1);
f(v2, v1); f(vi) trace 5 times (f(v2, v1) reuses f(v1, v2)'s trace); tapeflow traced 3 (trainable and
aliasing ignored) and printed TensorSpec(shape=(), dtype=tf.float32, name=None).
"""
import framework as tf


def _traced(capsys):
    return capsys.readouterr().out.count('trace f')


def test_trainable_and_aliasing_retrace(capsys):
    v1, v2, v4, vi = tf.Variable(1.0), tf.Variable(2.0), tf.Variable(3.0, trainable=False), tf.Variable(3)

    @tf.function
    def f(a, b=None):
        print('trace f')
        return a * 2

    counts = []
    for args in [(v1,), (v4,), (v1, v2), (v1, v1), (v2, v1), (vi,), (v2,), (v4, v4)]:
        f(*args)
        counts.append(_traced(capsys))
    # TF 2.21: a new trace for each call but f(v2, v1) (aliases 0, 1 as f(v1, v2)) and f(v2);
    # (v4, v4): trainable=False with one alias
    assert counts == [1, 1, 1, 1, 0, 1, 0, 1]
    assert f.experimental_get_tracing_count() == 6


def test_concrete_signatures_print_variable_specs():
    v1, v2, v4 = tf.Variable(1.0), tf.Variable([2.0, 3.0]), tf.Variable(3.0, trainable=False)

    @tf.function
    def f(a, b=None):
        return a * 2

    f(v1, v1)
    f(v4, v2)
    text = f.pretty_printed_concrete_signatures()
    # TF 2.21's text
    assert text.split('\n\n')[0] == '\n'.join([
        'Input Parameters:',
        '  a (POSITIONAL_OR_KEYWORD): VariableSpec(shape=(), dtype=tf.float32, trainable=True, alias_id=0)',
        '  b (POSITIONAL_OR_KEYWORD): VariableSpec(shape=(), dtype=tf.float32, trainable=True, alias_id=0)',
        'Output Type:',
        '  TensorSpec(shape=(), dtype=tf.float32, name=None)',
        'Captures:',
        '  None'])
    assert text.split('\n\n')[1].split('\n')[1:3] == [
        '  a (POSITIONAL_OR_KEYWORD): VariableSpec(shape=(), dtype=tf.float32, trainable=False, alias_id=0)',
        '  b (POSITIONAL_OR_KEYWORD): VariableSpec(shape=(2,), dtype=tf.float32, trainable=True, alias_id=1)']


def test_variables_in_a_dict_and_a_concrete_call():
    v1, v2 = tf.Variable(1.0), tf.Variable(2.0)

    @tf.function
    def g(d):
        return d['a'] + d['b']

    g({'a': v1, 'b': v2})
    assert g.pretty_printed_concrete_signatures().split('\n')[1] == (
        "  d (POSITIONAL_OR_KEYWORD): Dict[['a', VariableSpec(shape=(), dtype=tf.float32, trainable=True, "
        "alias_id=0)], ['b', VariableSpec(shape=(), dtype=tf.float32, trainable=True, alias_id=1)]]")

    @tf.function
    def h(a, b):
        return a - b
    cf = h.get_concrete_function(v1, v2)
    assert float(cf(v2, v1)) == 1.0     # a concrete function takes other variables of its spec

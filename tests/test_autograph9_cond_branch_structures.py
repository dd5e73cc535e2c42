"""A traced tf.cond whose branches return different structures, numbers of tensors or dtypes is refused as
TF 2.21's cond_v2 refuses it, whichever branch the predicate takes (both are traced there).

Printed by TF 2.21 (/work/notes/progs/autograph9/p5.py, p5b.py), e.g.

    @tf.function
    def c1(x):
        return tf.cond(x > 0, lambda: x, lambda: tf.constant(1))
    c1(tf.constant(2.0))
    # TypeError: in user code: ... TypeError: true_fn and false_fn arguments to tf.cond must have the same
    # number, type, and overall structure of return values.
    #
    # true_fn output: Tensor("cond/Identity:0", shape=(), dtype=float32)
    # false_fn output: Tensor("cond/Identity:0", shape=(), dtype=int32)
    #
    # Error details:
    # Tensor("cond/Identity:0", shape=(), dtype=float32) and Tensor("cond/Identity:0", shape=(), dtype=int32)
    # have different types
"""
import pytest

import framework as tf

HEAD = ('true_fn and false_fn arguments to tf.cond must have the same number, type, and overall structure of '
        'return values.\n\n')
F32 = "<tf.Tensor 'cond/Identity:0' shape=() dtype=float32>"
F32_1 = "<tf.Tensor 'cond/Identity_1:0' shape=() dtype=float32>"


def _raised(fn, value):
    with pytest.raises(Exception) as caught:
        tf.function(fn)(tf.constant(value))
    text = str(caught.value)
    assert text.startswith('in user code:')
    return type(caught.value), text.split('\n\n    ', 2)[2].replace('\n    ', '\n').rstrip('\n')


@pytest.mark.parametrize('value', [2.0, -2.0])
def test_dtypes_differ(value):
    kind, text = _raised(lambda x: tf.cond(x > 0, lambda: x, lambda: tf.constant(1)), value)
    assert kind is TypeError
    assert text == 'TypeError: ' + HEAD + (
        'true_fn output: Tensor("cond/Identity:0", shape=(), dtype=float32)\n'
        'false_fn output: Tensor("cond/Identity:0", shape=(), dtype=int32)\n\nError details:\n'
        'Tensor("cond/Identity:0", shape=(), dtype=float32) and Tensor("cond/Identity:0", shape=(), dtype=int32) '
        'have different types')
    _, text = _raised(lambda x: tf.cond(x > 0, lambda: x, lambda: tf.constant(1.0, tf.float64)), value)
    assert text.endswith('and Tensor("cond/Identity:0", shape=(), dtype=float64) have different types')
    _, text = _raised(lambda x: tf.cond(x > 0, lambda: x, lambda: 1), value)
    assert text.endswith('and Tensor("cond/Identity:0", shape=(), dtype=int32) have different types')


@pytest.mark.parametrize('value', [2.0, -2.0])
def test_structures_differ(value):
    kind, text = _raised(lambda x: tf.cond(x > 0, lambda: (x, x), lambda: x), value)
    assert (kind, text) == (AssertionError, 'AssertionError: [2, 1]')
    kind, text = _raised(lambda x: tf.cond(x > 0, lambda: [x, x], lambda: (x, x)), value)
    assert kind is TypeError
    assert text.startswith('TypeError: ' + HEAD + 'true_fn output: [%s, %s]\nfalse_fn output: (%s, %s)\n\n'
                           "Error details:\nThe two structures don't have the same nested structure.\n\n"
                           'First structure: type=list str=[%s, %s]' % (F32, F32_1, F32, F32_1, F32, F32_1))
    kind, text = _raised(lambda x: tf.cond(x > 0, lambda: {'a': x}, lambda: {'b': x}), value)
    assert "More specifically: The two dictionaries don't have the same set of keys. First structure has keys " \
           "type=list str=['a'], while second structure has keys type=list str=['b']" in text
    kind, text = _raised(lambda x: tf.cond(x > 0, lambda: x, lambda: None), value)
    assert (kind, text) == (ValueError, 'ValueError: Lengths of branch outputs of cond must match.\n'
                                        'len(graphs[0].outputs): 1\nlen(graphs[1].outputs): 0')


def test_named_cond_and_function_branches():
    def picked(x):
        def t():
            return (x,)

        def e():
            return x * 2.0
        return tf.cond(x > 0, t, e, name='pick')
    kind, text = _raised(picked, 2.0)
    assert kind is TypeError
    assert "true_fn output: (<tf.Tensor 'pick/Identity:0' shape=() dtype=float32>,)\n" \
           'false_fn output: Tensor("pick/Identity:0", shape=(), dtype=float32)' in text
    assert 'More specifically: Substructure "type=tuple str=(<tf.Tensor \'pick/Identity:0\' shape=() ' \
           'dtype=float32>,)" is a sequence, while substructure "type=SymbolicTensor str=Tensor("pick/Identity:0", ' \
           'shape=(), dtype=float32)" is not' in text


def test_matching_branches_run():
    # TF 2.21: (2.0, 1), (-2.0, 2), 2.0 / 2.0, [0. 0.] / [0. 0. 0.] (shapes may differ), None
    f = tf.function(lambda x: tf.cond(x > 0, lambda: (x, 1), lambda: (x, 2)))
    assert [float(v) for v in f(tf.constant(2.0))] == [2.0, 1.0]
    assert int(f(tf.constant(-2.0))[1]) == 2
    g = tf.function(lambda x: tf.cond(x > 0, lambda: x, lambda: 2.0))
    assert float(g(tf.constant(-2.0))) == 2.0
    h = tf.function(lambda x: tf.cond(x > 0, lambda: tf.zeros([2]), lambda: tf.zeros([3])))
    assert h(tf.constant(-2.0)).shape == (3,)
    assert tf.function(lambda x: tf.cond(x > 0, lambda: None, lambda: None))(tf.constant(1.0)) is None
    # eagerly only the taken branch runs: no check
    assert float(tf.cond(tf.constant(True), lambda: tf.constant(1.0), lambda: tf.constant(1))) == 1.0


def _leaves_a_tuple_or_a_tensor(x):
    if x > 0:
        d = (x, x)
    else:
        d = x
    return d


def _keys_differ_from_before(x):
    d = {'a': x}
    if x > 0:
        d = {'b': x}
    return d


def _tuples_alike(x):
    if x > 0:
        d = (x, 2)
    else:
        d = (x, 3)
    return d


def test_if_statement_branches_leaving_other_structures():
    # TF 2.21 (p5.py s1, p5c.py s3): the values as the trace has them, x as 'x:0'
    kind, text = _raised(_leaves_a_tuple_or_a_tensor, 2.0)
    assert kind is TypeError
    assert text == (
        "TypeError: 'd' must have the same nested structure in the main and else branches:\n\n"
        "The two structures don't have the same nested structure.\n\n"
        "First structure: type=tuple str=(<tf.Tensor 'x:0' shape=() dtype=float32>, <tf.Tensor 'x:0' shape=() "
        "dtype=float32>)\n\nSecond structure: type=SymbolicTensor str=Tensor(\"x:0\", shape=(), dtype=float32)\n\n"
        "More specifically: Substructure \"type=tuple str=(<tf.Tensor 'x:0' shape=() dtype=float32>, <tf.Tensor "
        "'x:0' shape=() dtype=float32>)\" is a sequence, while substructure \"type=SymbolicTensor "
        "str=Tensor(\"x:0\", shape=(), dtype=float32)\" is not\nEntire first structure:\n(., .)\n"
        "Entire second structure:\n.")
    kind, text = _raised(_keys_differ_from_before, -2.0)
    assert "First structure: type=dict str={'b': <tf.Tensor 'x:0' shape=() dtype=float32>}" in text
    assert "Entire first structure:\n{'b': .}\nEntire second structure:\n{'a': .}" in text
    assert [float(v) for v in tf.function(_tuples_alike)(tf.constant(2.0))] == [2.0, 2.0]     # TF: (2.0, 2)

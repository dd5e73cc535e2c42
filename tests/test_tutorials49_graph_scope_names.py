"""tf.name_scope inside a tf.function (or a tf.data function) refuses the names TensorFlow's graphs refuse:
at the graph's root a name must start with a letter, a digit or '.', nested ones may start with '_', '-',
'/', '\\' or '>' but, like root ones, hold nothing beyond [A-Za-z0-9_.\\/>-] (no spaces). Eager scopes take
any name. tapeflow took every name everywhere.

Messages printed by TF 2.21 (/work/notes/progs/tutorials49/t49_scope2.py, `import tensorflow as tf`)."""
import pytest

import framework as tf

ROOT = ("'%s' is not a valid root scope name. A root scope name has to match the following pattern: "
        "^[A-Za-z0-9.][A-Za-z0-9_.\\\\/>-]*$")
NESTED = "'%s' is not a valid scope name. A scope name has to match the following pattern: ^[A-Za-z0-9_.\\\\/>-]*$"


def _traced(*names):
    @tf.function
    def f():
        scopes = [tf.name_scope(name) for name in names]
        for scope in scopes:
            scope.__enter__()
        try:
            return tf.constant(1.0) + 1
        finally:
            for scope in reversed(scopes):
                scope.__exit__(None, None, None)
    return f


@pytest.mark.parametrize('names, message', [
    (('_a',), ROOT % '_a'), (('has space',), ROOT % 'has space'), (('abs scope/',), ROOT % 'abs scope/'),
    (('-x',), ROOT % '-x'), (('ok', 'has space'), NESTED % 'has space'), (('ok', '', '_after_reset'), ROOT % '_after_reset'),
])
def test_a_traced_scope_refuses_what_a_graph_refuses(names, message):
    with pytest.raises(ValueError) as caught:
        _traced(*names)()
    assert str(caught.value).rstrip().endswith('ValueError: ' + message)
    assert 'contextlib.py' in str(caught.value)       # TF's in-user-code frames show contextlib's __enter__


@pytest.mark.parametrize('names', [('ok', '_b'), ('a-b.c>d', '-x'), ('.dot',), ('abs/',)])
def test_names_a_graph_takes_run(names):
    assert float(_traced(*names)()) == 2.0


def test_eager_scopes_take_any_name():
    with tf.name_scope('_eager'), tf.name_scope('has space'):
        assert float(tf.constant(1.0) + 1) == 2.0


def test_a_dataset_function_refuses_them_too():
    def mapper(x):
        with tf.name_scope('bad name'):
            return x + 1
    with pytest.raises(ValueError) as caught:
        list(tf.data.Dataset.range(3).map(mapper))
    assert str(caught.value).rstrip().endswith('ValueError: ' + ROOT % 'bad name')

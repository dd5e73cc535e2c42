"""tf.case / cond / while_loop / foldl / foldr / scan / map_fn / py_function / print carry TF 2.21's Python
names (case_v2, cond_for_tf_v2, while_loop_v2, foldl_v2, foldr_v2, scan_v2, map_fn_v2, eager_py_func, print_v2),
shown in their repr and pickled by reference as TF's; tapeflow named them case, cond, ... . tf gains no public
name. Python's argument errors name them where TF's function takes its arguments itself (while_loop_v2,
map_fn_v2; the others pass TF's dispatcher first, whose words differ). tf.print takes TF's print_v2 keywords and
refuses others with its ValueError (tapeflow: Python's TypeError).
Probe: /work/notes/progs/errors55/cf.py."""
import pickle

import pytest

import framework as tf

NAMES = [('case', 'case_v2'), ('cond', 'cond_for_tf_v2'), ('while_loop', 'while_loop_v2'), ('foldl', 'foldl_v2'),
         ('foldr', 'foldr_v2'), ('scan', 'scan_v2'), ('map_fn', 'map_fn_v2'), ('py_function', 'eager_py_func'),
         ('print', 'print_v2')]


@pytest.mark.parametrize('public, name', NAMES)
def test_tf_python_names(public, name):
    f = getattr(tf, public)
    assert (f.__name__, f.__qualname__) == (name, name)        # TF 2.21's
    assert pickle.loads(pickle.dumps(f)) is f
    assert not hasattr(tf, name)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.while_loop(), "while_loop_v2() missing 3 required positional arguments: 'cond', 'body', and "
                              "'loop_vars'"),
    (lambda: tf.while_loop(1, bogus=1), "while_loop_v2() got an unexpected keyword argument 'bogus'"),
    (lambda: tf.map_fn(), "map_fn_v2() missing 2 required positional arguments: 'fn' and 'elems'"),
    (lambda: tf.map_fn(*range(12)), 'map_fn_v2() takes from 2 to 9 positional arguments but 12 were given'),
])
def test_python_argument_errors_name_tfs_function(call, text):
    with pytest.raises(TypeError) as err:
        call()
    assert str(err.value) == text           # TF 2.21's


def test_print_refuses_other_keywords_with_tfs_value_error():
    with pytest.raises(ValueError) as err:
        tf.print(1, bogus=1)
    assert str(err.value) == "Unrecognized keyword arguments for tf.print: {'bogus': 1}"      # TF 2.21's


def test_print_takes_its_keywords(capfd):
    tf.print('a', tf.constant([1, 2, 3]), sep='|', end='!\n', summarize=1, name='p')
    assert capfd.readouterr().err == 'a|[1 ... 3]!\n'          # TF 2.21's


def test_the_functions_still_work():
    x = tf.constant([1.0, 2.0, 3.0])
    # TF 2.21's values
    assert tf.cond(tf.constant(True), lambda: 1, lambda: 2) == 1          # eager: the branch's own value
    assert tf.case([(tf.constant(False), lambda: 1)], default=lambda: 2) == 2
    assert tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), (tf.constant(0),))[0].numpy() == 3
    assert tf.foldl(lambda a, v: a + v, x).numpy() == 6.0
    assert tf.foldr(lambda a, v: a - v, x).numpy() == 0.0
    assert tf.scan(lambda a, v: a + v, x).numpy().tolist() == [1.0, 3.0, 6.0]
    assert tf.map_fn(lambda v: v * 2, x).numpy().tolist() == [2.0, 4.0, 6.0]
    assert tf.py_function(lambda v: v + 1, [x], tf.float32).numpy().tolist() == [2.0, 3.0, 4.0]
    f = tf.function(lambda v: tf.cond(v[0] > 0, lambda: tf.map_fn(lambda e: e + 1, v), lambda: v))
    assert f(x).numpy().tolist() == [2.0, 3.0, 4.0]

"""A loaded tf.function whose traces took Python lists, tuples or dicts refuses calls of another
structure or other literals, as TF 2.21's does, and lists tensors inside them as their placeholders.

tensorflow.org's "Introduction to modules" guide (guide/intro_to_modules, run by helper tutorials17 as
/work/notes/progs/tutorials17/modules.py) saves a module whose @tf.function __call__ was traced with
``[[2.0, 2.0, 2.0]]`` and ``[[[2.0, ...], [2.0, ...]]]``; calling the loaded module with
``[[2.0, 2.0, 2.0, 4.0]]`` is TF's ValueError 'Could not find matching concrete function ...'. tapeflow
let every Python container through and retraced the Python function (here: a MatMul error).
TF matches a saved trace with nest.flatten_up_to (same container types, lengths, dict keys; Python
leaves equal, tensors of the spec's dtype and shape) and pretty-prints each argument (pprint: a long
list wraps), tensors as the graph placeholders 'p:0', 'p_1:0' named after the parameter. The texts
below are TF 2.21's output of /work/notes/progs/tutorials17/loaded_lists.py.
"""
import pytest

import framework as tf


class Module(tf.Module):
    @tf.function
    def __call__(self, x):
        return tf.reduce_sum(tf.constant(x, tf.float32))

    @tf.function
    def pair(self, p):
        return p[0] * 2.0 + p[1]

    @tf.function
    def named(self, d):
        return d['a'] - d['b']


@pytest.fixture(scope='module')
def loaded(tmp_path_factory):
    module = Module()
    module([[2.0, 2.0, 2.0]])
    module.pair([tf.constant(1.0), tf.constant([1.0, 2.0])])
    module.named({'a': tf.constant(5.0), 'b': 3.0})
    path = str(tmp_path_factory.mktemp('saved') / 'm')
    tf.saved_model.save(module, path)
    return tf.saved_model.load(path)


def _refusal(got, option):
    return ('Could not find matching concrete function to call loaded from the SavedModel. Got:\n'
            '  Positional arguments (1 total):\n    * %s\n  Keyword arguments: {}\n\n'
            ' Expected these arguments to match one of the following 1 option(s):\n\n'
            'Option 1:\n  Positional arguments (1 total):\n    * %s\n  Keyword arguments: {}' % (got, option))


def test_equal_python_lists_run_the_saved_trace(loaded):
    assert float(loaded([[2.0, 2.0, 2.0]])) == 6.0
    assert float(loaded([[2, 2, 2]])) == 6.0          # 2 == 2.0: TF compares the literals by value


@pytest.mark.parametrize('argument', [[[2.0, 2.0, 2.0, 4.0]], ([2.0, 2.0, 2.0],)])
def test_another_length_or_container_type_is_refused(loaded, argument):
    with pytest.raises(ValueError) as info:
        loaded(argument)
    assert str(info.value) == _refusal(repr(argument), '[[2.0, 2.0, 2.0]]')


def test_list_of_tensors_and_of_convertible_values_runs(loaded):
    assert loaded.pair([tf.constant(3.0), tf.constant([1.0, 5.0])]).numpy().tolist() == [7.0, 11.0]
    assert loaded.pair([3.0, [1.0, 5.0]]).numpy().tolist() == [7.0, 11.0]


def test_list_of_tensors_of_another_shape_is_refused_with_placeholders_wrapped(loaded):
    with pytest.raises(ValueError) as info:
        loaded.pair([tf.constant(3.0), tf.constant([1.0, 5.0, 6.0])])
    assert str(info.value) == _refusal(
        "[<tf.Tensor 'p:0' shape=() dtype=float32>,\n <tf.Tensor 'p_1:0' shape=(3,) dtype=float32>]",
        "[TensorSpec(shape=(), dtype=tf.float32, name='p_0'),\n"
        " TensorSpec(shape=(2,), dtype=tf.float32, name='p_1')]")


def test_tuple_where_a_list_was_traced_is_refused(loaded):
    with pytest.raises(ValueError) as info:
        loaded.pair((tf.constant(3.0), tf.constant([1.0, 5.0])))
    assert str(info.value).splitlines()[3] == " <tf.Tensor 'p_1:0' shape=(2,) dtype=float32>)"


def test_dict_needs_the_same_keys_and_literals(loaded):
    assert float(loaded.named({'a': tf.constant(7.0), 'b': 3.0})) == 4.0
    assert float(loaded.named({'a': 7.0, 'b': 3.0})) == 4.0
    option = "{'a': TensorSpec(shape=(), dtype=tf.float32, name='d_a'), 'b': 3.0}"
    with pytest.raises(ValueError) as info:
        loaded.named({'a': tf.constant(7.0), 'b': 4.0})
    assert str(info.value) == _refusal("{'a': <tf.Tensor 'd:0' shape=() dtype=float32>, 'b': 4.0}", option)
    with pytest.raises(ValueError) as info:
        loaded.named({'a': tf.constant(7.0), 'c': 3.0})
    assert str(info.value) == _refusal("{'a': <tf.Tensor 'd:0' shape=() dtype=float32>, 'c': 3.0}", option)

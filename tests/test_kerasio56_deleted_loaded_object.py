"""A function kept from a loaded SavedModel whose loaded object was deleted raises TF 2.21's AssertionError
('Called a function referencing variables which have been deleted. ...') when called, and so does reading
its concrete function's variables; tapeflow ran the method with self None ('AttributeError: 'NoneType'
object has no attribute 'c'', raised in user code) and listed no variables. The expected texts are TF 2.21's
(probe /work/notes/progs/kerasio56/p13_dead_loaded.py)."""
import gc

import pytest

import framework as tf

TF_TEXT = ('Called a function referencing variables which have been deleted. This likely means that '
           'function-local variables were created and not referenced elsewhere in the program. This is '
           'generally a mistake; consider storing variables in an object attribute on first call.')


class _M(tf.Module):
    def __init__(self):
        super().__init__()
        self.c = tf.Variable(3.0, name='c')

    @tf.function(input_signature=[tf.TensorSpec((None,), tf.float32)])
    def f(self, x):
        return x * self.c


@pytest.fixture
def saved(tmp_path):
    path = str(tmp_path / 'm')
    tf.saved_model.save(_M(), path)
    return path


def test_calling_a_function_of_a_deleted_loaded_object(saved):
    f = tf.saved_model.load(saved).f
    gc.collect()
    with pytest.raises(AssertionError) as caught:
        f(tf.constant([1.0, 2.0]))
    assert str(caught.value) == TF_TEXT


def test_concrete_function_variables_of_a_deleted_loaded_object(saved):
    concrete = tf.saved_model.load(saved).f.concrete_functions[0]
    gc.collect()
    for read in (lambda: concrete.variables, lambda: concrete.trainable_variables):
        with pytest.raises(AssertionError) as caught:
            read()
        assert str(caught.value) == TF_TEXT


def test_a_kept_loaded_object_still_serves(saved):
    loaded = tf.saved_model.load(saved)
    f = loaded.f
    gc.collect()
    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == [3.0, 6.0]
    assert [v.name for v in f.concrete_functions[0].variables] == ['c:0']

"""keras.saving.custom_object_scope as Keras 3.15 (TF 2.21) has it: one dict argument, and an inner
scope replacing the outer one's dict for its block (names of the outer scope are not found inside it).

Golden results printed by TF 2.21 with /work/notes/progs/kerasio40/p14.py::

    with custom_object_scope({'A': f1, 'B': f2}):
        with custom_object_scope({'A': f2}):
            get_registered_object('A'), get_registered_object('B')   # f2, None
            deserialize_keras_object(<function config naming 'B'>)   # TypeError Could not locate function 'B'
        get_registered_object('A')                                  # f1
"""
import pytest

from framework import keras

saving = keras.saving


def f1(x):
    return x


def f2(x):
    return x


def _function_entry(name):
    return {'module': 'builtins', 'class_name': 'function', 'config': name, 'registered_name': 'function'}


def test_an_inner_scope_hides_the_outer_one():
    with saving.custom_object_scope({'A': f1, 'B': f2}):
        assert saving.get_registered_object('B') is f2
        with saving.custom_object_scope({'A': f2}):
            assert saving.get_registered_object('A') is f2
            assert saving.get_registered_object('B') is None
            with pytest.raises(TypeError, match="Could not locate function 'B'"):
                saving.deserialize_keras_object(_function_entry('B'))
        assert saving.get_registered_object('A') is f1
        assert saving.deserialize_keras_object(_function_entry('B')) is f2
    assert saving.get_registered_object('A') is None


def test_loading_inside_a_scope_still_sees_it(tmp_path):
    # deserialization's own scopes merge with the user's, as Keras 3 merges {custom_objects, scope, registry}
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, activation=f1)])
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with saving.custom_object_scope({'f1': f1}):
        loaded = keras.models.load_model(path, custom_objects={'other': f2})
    assert loaded.layers[0].activation is f1


def test_one_dict_argument():
    with pytest.raises(TypeError, match=r'takes 2 positional arguments but 3 were given'):
        saving.custom_object_scope({'A': f1}, {'B': f2})
    table = {'A': f1}
    assert saving.custom_object_scope(table).custom_objects is table
    assert saving.custom_object_scope(None).custom_objects == {}
    with pytest.raises(AttributeError, match="'int' object has no attribute 'copy'"):
        saving.custom_object_scope(3).__enter__()
    assert saving.get_registered_object('A') is None

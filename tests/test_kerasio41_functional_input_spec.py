"""A functional model's ``input_spec`` is Keras 3.15's list of InputSpecs, one per Input.

Printed by TF 2.21 with /work/notes/progs/kerasio41/p3.py and p18.py, e.g.::

    i = keras.Input((3,), name='a'); j = keras.Input((2, 4), name='b')
    keras.Model([i, j], [Dense(2)(i), Flatten()(j)]).input_spec
    # [InputSpec(shape=(None, 3), ndim=2), InputSpec(shape=(None, 2, 4), ndim=3)]

Calls keep TF's behaviour: a dict is read by the specs' names (an extra key is ignored, a missing
one is Keras's "Missing data for input" ValueError), a set value wins.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
A = np.ones((2, 3), 'float32')
B = np.ones((2, 2, 4), 'float32')


def _inputs():
    return keras.Input((3,), name='a'), keras.Input((2, 4), name='b')


def test_one_spec_per_input_with_a_free_batch_axis():
    i, j = _inputs()
    two = keras.Model([i, j], [L.Dense(2)(i), L.Flatten()(j)])
    assert repr(two.input_spec) == '[InputSpec(shape=(None, 3), ndim=2), InputSpec(shape=(None, 2, 4), ndim=3)]'
    assert [spec.name for spec in two.input_spec] == ['a', 'b']
    assert all(spec.allow_last_axis_squeeze for spec in two.input_spec)
    one = keras.Model(i, L.Dense(2)(i))
    assert repr(one.input_spec) == '[InputSpec(shape=(None, 3), ndim=2)]'


def test_a_dict_of_inputs_by_sorted_key():
    i, j = _inputs()
    model = keras.Model({'b': j, 'a': i}, L.Dense(2)(i))
    assert [(spec.name, spec.shape) for spec in model.input_spec] == [('a', (None, 3)), ('b', (None, 2, 4))]
    assert tuple(model({'a': A, 'b': B, 'c': A}).shape) == (2, 2)      # an extra key: read by name
    with pytest.raises(ValueError) as caught:
        model({'a': A})
    assert str(caught.value) == ('Missing data for input "b". You passed a data dictionary with keys [\'a\']. '
                                 "Expected the following keys: ['a', 'b']")


def test_an_optional_input_and_models_without_inputs_of_their_own():
    i, _ = _inputs()
    optional = keras.Input((3,), name='opt', optional=True)
    model = keras.Model([i, optional], L.Dense(2)(i))
    assert [spec.optional for spec in model.input_spec] == [False, True]
    assert keras.Sequential([keras.Input((3,)), L.Dense(2)]).input_spec is None


def test_a_value_set_wins():
    i, j = _inputs()
    model = keras.Model([i, j], [L.Dense(2)(i), L.Flatten()(j)])
    model.input_spec = [keras.layers.InputSpec(ndim=2), None]
    assert repr(model.input_spec) == '[InputSpec(ndim=2), None]'
    with pytest.raises(ValueError, match="expected ndim=2, found ndim=3"):
        model([np.ones((2, 3, 1), 'float32'), B])
    model.input_spec = None
    assert model.input_spec is None

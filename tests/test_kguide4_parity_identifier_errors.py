"""An unknown name (or a value of no known kind) given to a Keras ``get`` raises Keras 3's exact text.

``keras.losses/metrics/optimizers/constraints/activations/initializers/regularizers.get('nope')``
and the layer arguments that take them ('Could not interpret initializer identifier: nope'); the
valid names tapeflow listed in the message now ride as a note (shown in tracebacks, not in
``str(err)``, which programs print). Goldens: /work/notes/progs/kguides4/g9.py under Keras 3 (TF 2.21).
"""
import pytest

from framework import keras

KINDS = [('losses', 'loss'), ('metrics', 'metric'), ('optimizers', 'optimizer'), ('constraints', 'constraint'),
         ('activations', 'activation function'), ('initializers', 'initializer'), ('regularizers', 'regularizer')]


@pytest.mark.parametrize('module, kind', KINDS)
@pytest.mark.parametrize('identifier', ['nope', 3])
def test_get(module, kind, identifier):
    with pytest.raises(ValueError) as info:
        getattr(keras, module).get(identifier)
    assert str(info.value) == 'Could not interpret %s identifier: %s' % (kind, identifier)
    assert info.value.__notes__        # tapeflow's hint: the valid names, or what to give


@pytest.mark.parametrize('module, kind', [k for k in KINDS if k[0] != 'activations'])
def test_get_an_unknown_config(module, kind):
    with pytest.raises(ValueError) as info:
        getattr(keras, module).get({'class_name': 'Nope', 'config': {}})
    assert str(info.value) == "Could not interpret %s identifier: {'class_name': 'Nope', 'config': {}}" % kind


@pytest.mark.parametrize('make, text', [
    (lambda: keras.layers.Dense(3, activation='nope'), 'activation function identifier: nope'),
    (lambda: keras.layers.Dense(3, kernel_initializer='nope'), 'initializer identifier: nope'),
    (lambda: keras.layers.Dense(3, kernel_regularizer='l3'), 'regularizer identifier: l3'),
    (lambda: keras.layers.Dense(3, kernel_constraint='nope'), 'constraint identifier: nope'),
    (lambda: keras.Sequential([keras.layers.Dense(1)]).compile('nope', 'mse'), 'optimizer identifier: nope'),
])
def test_layer_and_compile_arguments(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == 'Could not interpret ' + text

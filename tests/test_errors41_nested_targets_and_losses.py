"""Targets and losses nested inside a multi-output model's structure, as TF 2.21 / Keras 3 treat them.

Printed by TF 2.21 (/work/notes/progs/errors41/lossnest.py; two_out(): Model(x, {'a': Dense(1), 'b': Dense(2)}),
two_out_list(): the same outputs as a list):
    two_out_list(); compile('sgd', 'mse'); fit(X, [[Y1], Y2])
    -> ValueError: Expected an instance of tuple, got <tf.Tensor 'functional_1/a_1/Add:0' shape=(None, 1) dtype=float32>.
       (weights unchanged, optimizer.iterations 0; train_on_batch: 'Expected an instance of list, ... shape=(4, 1) ...')
    fit(X, [{'q': Y1}, Y2]) -> 'Expected an instance of dict, collections.OrderedDict, or collections.defaultdict, got ...'
    two_out(); fit(X, {'a': [Y1], 'b': Y2}) -> TypeError: Expected float32, but got a of type 'str'.
    compile(loss={'a': {'x': 'mse'}, 'b': 'mse'}) then fit
    -> KeyError: "The path: ('a',) in the `loss` argument, can't be found in the model's output (`y_pred`)."
       (loss={'a': {}, ...} alike; a list model's loss=[{'x': 'mse'}, 'mse']: "The path: (0,) ...")
    keras.utils.set_random_seed(1); two_out(); compile(loss={'a': ['mse', 'mae'], 'b': 'mse'});
    fit(X, {'a': Y1 * 3, 'b': Y2}, epochs=2)
    -> {'a_loss': [1.62866, 1.45837], 'b_loss': [0.6834, 0.62982], 'loss': [4.96459, 4.21502]};
       metrics_names ['loss', 'a_loss', 'a_loss', 'b_loss']
    loss={'a': ['mse'], 'b': 'mse'}, loss_weights={'a': 2.0, 'b': 1.0}
    -> {'a_loss': [2.65253, 1.87163], 'b_loss': [0.6834, 0.62982], 'loss': [5.98847, 4.37308]}
    two_out_list(); loss=[['mse'], 'mae']; fit(X, [Y1 * 3, Y2], epochs=2)
    -> {'a_loss': [2.65253, 2.2451], 'b_loss': [0.78274, 0.76274], 'loss': [3.43527, 3.00784]}
"""
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras

X = np.ones((4, 3), 'float32')
Y1 = np.ones((4, 1), 'float32')
Y2 = np.ones((4, 2), 'float32')


def _two_out(as_list=False):
    keras.backend.clear_session()
    i = keras.Input((3,), name='x')
    a = keras.layers.Dense(1, name='a')(i)
    b = keras.layers.Dense(2, name='b')(i)
    return keras.Model(i, [a, b] if as_list else {'a': a, 'b': b})


def _weights(model):
    return [v.numpy().copy() for v in model.weights]


def _unchanged(model, before):
    return all((w == v.numpy()).all() for w, v in zip(before, model.weights)) and int(model.optimizer.iterations) == 0


@pytest.mark.parametrize('y, kind', [([[Y1], Y2], 'tuple'), ([(Y1,), Y2], 'tuple'), ((Y1, [Y2]), 'tuple'),
                                     ([{'q': Y1}, Y2], 'dict')])
def test_a_nested_target_of_a_list_model_meets_its_one_output(y, kind):
    m = _two_out(as_list=True)
    m.compile('sgd', 'mse')
    before = _weights(m)
    expected = ('Expected an instance of dict, collections.OrderedDict, or collections.defaultdict, got ' if kind == 'dict'
                else 'Expected an instance of tuple, got ')
    name = 'b_1/BiasAdd' if isinstance(y[1], list) else 'a_1/Add'
    shape = '(None, 2)' if isinstance(y[1], list) else '(None, 1)'
    with pytest.raises(ValueError) as info:
        m.fit(X, y, verbose=0)
    assert str(info.value) == "%s<tf.Tensor 'functional_1/%s:0' shape=%s dtype=float32>." % (expected, name, shape)
    assert _unchanged(m, before)
    with pytest.raises(ValueError) as info:
        m.evaluate(X, y, verbose=0)
    assert str(info.value).startswith(expected)


def test_train_on_batch_keeps_the_list():
    m = _two_out(as_list=True)
    m.compile('sgd', 'mse')
    with pytest.raises(ValueError) as info:
        m.train_on_batch(X, [[Y1], Y2])
    assert str(info.value) == ("Expected an instance of list, got <tf.Tensor 'functional_1/a_1/Add:0' shape=(4, 1) "
                               "dtype=float32>.")


def test_a_nested_target_of_a_dict_model_is_packed_by_its_keys():
    m = _two_out()
    m.compile('sgd', 'mse')
    before = _weights(m)
    for y in ({'a': [Y1], 'b': Y2}, {'a': {'q': Y1}, 'b': Y2}):
        with pytest.raises(TypeError, match="^Expected float32, but got a of type 'str'.\n"):
            m.fit(X, y, verbose=0)
    assert _unchanged(m, before)


@pytest.mark.parametrize('loss, path', [({'a': {'x': 'mse'}, 'b': 'mse'}, "('a',)"),
                                        ({'a': 'mse', 'b': {'x': 'mse'}}, "('b',)"),
                                        ({'a': {}, 'b': 'mse'}, "('a',)")])
def test_a_loss_dict_nested_under_one_output_is_keras_key_error(loss, path):
    m = _two_out()
    m.compile('sgd', loss=loss)
    before = _weights(m)
    with pytest.raises(KeyError) as info:
        m.fit(X, {'a': Y1, 'b': Y2}, verbose=0)
    assert info.value.args[0] == ("The path: %s in the `loss` argument, can't be found in the model's output "
                                  "(`y_pred`)." % path)
    assert _unchanged(m, before)
    with pytest.raises(KeyError, match='The path'):
        m.evaluate(X, {'a': Y1, 'b': Y2}, verbose=0)


def test_a_list_model_names_the_index():
    m = _two_out(as_list=True)
    m.compile('sgd', loss=['mse', {'x': 'mse'}])
    with pytest.raises(KeyError) as info:
        m.fit(X, [Y1, Y2], verbose=0)
    assert info.value.args[0].startswith('The path: (1,) in the `loss` argument')


def _history(model, y, **compile_kwargs):
    model.compile('sgd', **compile_kwargs)
    h = model.fit(X, y, verbose=0, epochs=2)
    return {k: [round(v, 5) for v in h.history[k]] for k in sorted(h.history)}


def test_a_list_of_losses_under_one_output_all_count():
    keras.utils.set_random_seed(1)
    m = _two_out()
    assert _history(m, {'a': Y1 * 3, 'b': Y2}, loss={'a': ['mse', 'mae'], 'b': 'mse'}) == {
        'a_loss': [1.62866, 1.45837], 'b_loss': [0.6834, 0.62982], 'loss': [4.96459, 4.21502]}
    assert m.metrics_names == ['loss', 'a_loss', 'a_loss', 'b_loss']
    keras.utils.set_random_seed(1)
    assert _history(_two_out(), {'a': Y1 * 3, 'b': Y2}, loss={'a': ['mse'], 'b': 'mse'},
                    loss_weights={'a': 2.0, 'b': 1.0}) == {
        'a_loss': [2.65253, 1.87163], 'b_loss': [0.6834, 0.62982], 'loss': [5.98847, 4.37308]}
    keras.utils.set_random_seed(1)
    assert _history(_two_out(as_list=True), [Y1 * 3, Y2], loss=[['mse'], 'mae']) == {
        'a_loss': [2.65253, 2.2451], 'b_loss': [0.78274, 0.76274], 'loss': [3.43527, 3.00784]}


def test_a_loss_given_a_dict_target_pairs_it_with_optree():
    # keras.losses.MeanSquaredError()({'q': y}, y): TF 2.21 'Expected an instance of dict, ...'; (y, {'q': y}):
    # "Structures don't have the same nested structure."
    loss = keras.losses.MeanSquaredError()
    with pytest.raises(ValueError, match='^Expected an instance of dict, collections.OrderedDict'):
        loss({'q': Y1}, Y1)
    with pytest.raises(ValueError, match="^Structures don't have the same nested structure.\n"):
        loss(Y1, {'q': Y1})
    with pytest.raises(ValueError, match=r"^dictionary key mismatch; expected key\(s\): \['q'\], got key\(s\): \['r'\]"):
        loss({'q': Y1}, {'r': Y1})

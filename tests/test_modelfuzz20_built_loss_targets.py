"""One target (or none) for several outputs sharing one loss, after the compiled loss was built: Keras 3's
CompileLoss packs y into the structure it was built with and optree refuses the lone leaf. TF 2.21 raises
ValueError 'Too few leaves for PyTreeSpec; expected: 2, got: 1.' for evaluate(x) / evaluate(x, y) /
evaluate(x, [y]) / train_on_batch / test_on_batch / fit's validation_data=(x,) once a fit or evaluate ran;
before any step built the loss, the same calls are the KeyError "The path: (0,) in the `loss` argument ..."
(/work/notes/progs/modelfuzz20/p1.py 'vsingle', p4.py). tapeflow raised the KeyError in both states.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X = np.random.RandomState(0).rand(12, 4).astype('float32')
Y = np.random.RandomState(1).rand(12, 1).astype('float32')
FEW = 'Too few leaves for PyTreeSpec; expected: %d, got: 1.'


def _model(outputs=2, as_dict=False, **compile_kw):
    keras.utils.set_random_seed(1)
    i = keras.Input((4,))
    h = L.Dense(4)(i)
    outs = [L.Dense(1, name='o%d' % k)(h) for k in range(outputs)]
    m = keras.Model(i, {'o%d' % k: o for k, o in enumerate(outs)} if as_dict else outs)
    m.compile('adam', 'mse', **compile_kw)
    return m


def _targets(m, outputs=2, as_dict=False):
    return {'o%d' % k: Y for k in range(outputs)} if as_dict else [Y] * outputs


@pytest.mark.parametrize('as_dict', [False, True])
@pytest.mark.parametrize('call', ['evaluate_no_y', 'evaluate_bare_y', 'evaluate_one_item', 'train_on_batch',
                                  'test_on_batch'])
def test_one_target_after_a_fit(call, as_dict):
    m = _model(as_dict=as_dict)
    m.fit(X, _targets(m, as_dict=as_dict), epochs=1, verbose=0)
    run = {'evaluate_no_y': lambda: m.evaluate(X, verbose=0), 'evaluate_bare_y': lambda: m.evaluate(X, Y, verbose=0),
           'evaluate_one_item': lambda: m.evaluate(X, [Y], verbose=0),
           'train_on_batch': lambda: m.train_on_batch(X, None), 'test_on_batch': lambda: m.test_on_batch(X)}[call]
    with pytest.raises(ValueError) as info:
        run()
    assert str(info.value) == FEW % 2


def test_before_any_step_it_is_keras_key_error():
    m = _model()
    with pytest.raises(KeyError) as info:
        m.evaluate(X, verbose=0)
    assert str(info.value) == ('"The path: (0,) in the `loss` argument, can\'t be found in either the model\'s '
                               'output (`y_pred`) or in the labels (`y_true`)."')


def test_evaluate_builds_the_loss_too():
    m = _model()
    m.evaluate(X, [Y, Y], verbose=0)
    with pytest.raises(ValueError, match='Too few leaves'):
        m.evaluate(X, verbose=0)


def test_validation_data_without_targets():
    m = _model()
    with pytest.raises(ValueError) as info:
        m.fit(X, [Y, Y], validation_data=(X,), epochs=1, verbose=0)
    assert str(info.value) == FEW % 2


def test_three_outputs_and_eager_steps():
    m = _model(outputs=3)
    m.fit(X, [Y] * 3, epochs=1, verbose=0)
    with pytest.raises(ValueError) as info:
        m.evaluate(X, Y, verbose=0)
    assert str(info.value) == FEW % 3
    m = _model(run_eagerly=True)
    m.fit(X, [Y, Y], epochs=1, verbose=0)
    with pytest.raises(ValueError) as info:
        m.evaluate(X, verbose=0)
    assert str(info.value) == FEW % 2


def test_dict_of_other_keys_after_a_fit():
    m = _model(as_dict=True)
    with pytest.raises(KeyError, match="The path: \\('o0',\\)"):
        m.evaluate(X, {'c': Y}, verbose=0)
    m.fit(X, _targets(m, as_dict=True), epochs=1, verbose=0)
    with pytest.raises(ValueError) as info:
        m.evaluate(X, {'c': Y}, verbose=0)
    assert str(info.value) == FEW % 2

"""keras.wrappers.SKLearnClassifier / SKLearnRegressor / SKLearnTransformer (framework/keras/sklearn_wrappers.py).

Golden values from Keras 3.15.1 on TF 2.21 with scikit-learn 1.9.1: /work/notes/progs/missing/tf_sklearn.py run
with /opt/tfref; the tapeflow port of that program prints the same lines. scikit-learn is optional: the tests that
fit need it and skip without it."""
import numpy as np
import pytest

from framework import keras
from framework.keras import sklearn_wrappers


def _data():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(64, 4)).astype('float32')
    y_cls = np.array(['a', 'b', 'c'])[(X[:, 0] > 0).astype(int) + (X[:, 1] > 0.5).astype(int)]
    y_reg = (X @ np.array([1., -2., 0.5, 0.])).astype('float32')
    return X, y_cls, y_reg


def _make(X, y, loss, act=None, hidden=8):
    keras.utils.set_random_seed(1)
    inp = keras.Input((X.shape[1],))
    h = keras.layers.Dense(hidden, activation='relu')(inp)
    out = keras.layers.Dense(y.shape[1] if len(y.shape) > 1 else 1, activation=act)(h)
    model = keras.Model(inp, out)
    model.compile(loss=loss, optimizer='adam')
    return model


def test_classifier_fits_and_predicts_as_keras():
    pytest.importorskip('sklearn')
    X, y_cls, _ = _data()
    clf = keras.wrappers.SKLearnClassifier(model=_make, model_kwargs={'loss': 'categorical_crossentropy',
                                                                      'act': 'softmax'}, fit_kwargs={'verbose': 0})
    clf.fit(X, y_cls, epochs=3, batch_size=16)
    assert list(clf.classes_) == ['a', 'b', 'c']
    np.testing.assert_allclose(clf.history_.history['loss'], [1.24123, 1.2272, 1.21415], atol=2e-5)
    assert list(clf.predict(X[:8], )) == ['b', 'b', 'c', 'c', 'b', 'c', 'c', 'c']
    np.testing.assert_allclose(clf.decision_function(X[:2]), [[0.22036, 0.50827, 0.27137], [0.09819, 0.72214, 0.17967]],
                               atol=2e-5)
    assert clf.score(X, y_cls) == pytest.approx(0.3125)
    # as in Keras 3.15, fit's keyword arguments are written into fit_kwargs
    assert clf.fit_kwargs == {'verbose': 0, 'epochs': 3, 'batch_size': 16}


def test_regressor_and_transformer_as_keras():
    pytest.importorskip('sklearn')
    X, _, y_reg = _data()
    reg = keras.wrappers.SKLearnRegressor(model=_make, model_kwargs={'loss': 'mse'},
                                          fit_kwargs={'verbose': 0, 'epochs': 2})
    reg.fit(X, y_reg)
    out = reg.predict(X[:4])
    assert out.shape == (4,)
    np.testing.assert_allclose(out, [0.51971, 1.46551, 0.5716, 0.01924], atol=2e-5)
    assert reg.score(X, y_reg) == pytest.approx(-0.0403, abs=1e-4)

    def embedding(X, y):
        keras.utils.set_random_seed(2)
        model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
        model.compile(loss='mse', optimizer='sgd')
        return model
    tr = keras.wrappers.SKLearnTransformer(model=embedding, fit_kwargs={'verbose': 0})
    np.testing.assert_allclose(tr.fit_transform(X[:16], X[:16, 0])[:2], [[0.4799, -0.5587, -0.454],
                                                                          [0.647, -0.0059, -1.2095]], atol=1e-4)


def test_a_compiled_model_is_cloned_with_its_compile_arguments():
    pytest.importorskip('sklearn')
    X, _, y_reg = _data()
    model = _make(X, y_reg, 'mse')
    reg = keras.wrappers.SKLearnRegressor(model=model, fit_kwargs={'verbose': 0}).fit(X, y_reg)
    assert reg.model_ is not model and reg.model_.compiled


def test_clone_keeps_the_constructor_arguments_but_fit_kwargs():
    base = pytest.importorskip('sklearn.base')
    clf = keras.wrappers.SKLearnClassifier(model=_make, model_kwargs={'loss': 'mse'}, fit_kwargs={'verbose': 0})
    copy = base.clone(clf)
    assert type(copy) is keras.wrappers.SKLearnClassifier and copy.model is _make and copy.fit_kwargs is None
    assert sorted(copy.get_params()) == ['fit_kwargs', 'model', 'model_kwargs', 'warm_start']


@pytest.mark.parametrize('run, error, message', [
    (lambda X, yc, yr: keras.wrappers.SKLearnClassifier(model=_make, model_kwargs={'loss': 'mse'}).fit(X, yr),
     ValueError, 'Only binary and multiclass target types are supported. Target type: continuous'),
    (lambda X, yc, yr: keras.wrappers.SKLearnClassifier(model=_make, model_kwargs={'loss': 'mse'}).fit(X, np.zeros(64)),
     ValueError, "Classifier can't train when only one class is present."),
    (lambda X, yc, yr: keras.wrappers.SKLearnClassifier(model=_make).predict(X),
     Exception, 'This SKLearnClassifier instance is not fitted yet'),
    (lambda X, yc, yr: keras.wrappers.SKLearnRegressor(
        model=lambda X, y: keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])).fit(X, yr),
     RuntimeError, 'Given model needs to be compiled, and have a loss and an optimizer.'),
    (lambda X, yc, yr: keras.wrappers.SKLearnRegressor(model=_make, model_kwargs={'loss': 'mse'},
                                                       fit_kwargs={'verbose': 0, 'epochs': 1}).fit(X, yr).predict(X[:, :3]),
     ValueError, 'X has 3 features, but SKLearnRegressor is expecting 4 features as input.'),
])
def test_bad_input_raises_as_keras(run, error, message):
    pytest.importorskip('sklearn')
    with pytest.raises(error, match=message):
        run(*_data())


def test_without_sklearn_the_wrappers_raise_keras_import_error(monkeypatch):
    monkeypatch.setattr(sklearn_wrappers, 'sklearn', None)
    for cls in (keras.wrappers.SKLearnClassifier, keras.wrappers.SKLearnRegressor, keras.wrappers.SKLearnTransformer):
        with pytest.raises(ImportError, match='%s requires `scikit-learn` to be installed. Run `pip install '
                                              'scikit-learn` to install it.' % cls.__name__):
            cls(model=_make)

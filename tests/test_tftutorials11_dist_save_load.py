"""The distribute/save_and_load tutorial (tensorflow.org) as TF 2.21 + Keras 3 prints it
(/work/notes/progs/tftutorials11/p03_dist_save_load.py, probe_sig.py):
- `tf.saved_model.save` of a subclassed model never called saves no signature: the loaded object's
  `signatures` prints `_SignatureMap({})` (tapeflow made a 'serving_default' and printed a dict);
- loading a subclassed model without get_config from .keras fails with two TypeErrors, each raised
  while handling the one before (the traceback says 'During handling of the above exception'; tapeflow
  chained them with `from`, 'The above exception was the direct cause')."""
import warnings

import pytest

import framework as tf
from framework import keras


class _Subclassed(keras.Model):
    def __init__(self):
        super().__init__()
        self._dense_layer = keras.layers.Dense(5, name='output_layer')

    def call(self, inputs):
        return self._dense_layer(inputs)


def test_an_unbuilt_model_saves_no_signature(tmp_path):
    tf.saved_model.save(_Subclassed(), str(tmp_path / 'sm'))
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert repr(loaded.signatures) == '_SignatureMap({})'
    assert type(loaded.signatures).__name__ == '_SignatureMap' and len(loaded.signatures) == 0


def test_a_built_model_keeps_its_serving_default(tmp_path):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    tf.saved_model.save(model, str(tmp_path / 'sm'))
    loaded = tf.saved_model.load(str(tmp_path / 'sm'))
    assert list(loaded.signatures) == ['serving_default']
    assert repr(loaded.signatures).startswith("_SignatureMap({'serving_default': ")
    out = loaded.signatures['serving_default'](inputs=tf.ones((1, 3)))
    assert list(out) == ['output_0'] and out['output_0'].shape == (1, 2)


def test_reviving_a_model_without_get_config_chains_its_errors_as_keras(tmp_path):
    model = _Subclassed()
    model(tf.ones((2, 5)))
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with pytest.raises(TypeError, match='could not be deserialized properly') as info:
        keras.models.load_model(path, custom_objects={'_Subclassed': _Subclassed})
    outer = info.value
    assert outer.__cause__ is None and not outer.__suppress_context__
    revive = outer.__context__
    assert isinstance(revive, TypeError) and str(revive).startswith('Unable to revive model from config.')
    assert revive.__cause__ is None and not revive.__suppress_context__
    assert "unexpected keyword argument 'trainable'" in str(revive.__context__)


def _warn_once_here():
    warnings.warn('tftutorials11: shown once per place', UserWarning)


def test_saved_model_save_resets_the_once_per_place_warning_registry(tmp_path):
    # TF 2.21 (probe_warnreset.py): Keras's input_shape warning shows again after tf.saved_model.save
    # (its attribute scan enters warnings.catch_warnings); not after model.save, load_model or fit
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('default')
        _warn_once_here()
        _warn_once_here()
        assert len(caught) == 1
        model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
        model.save(str(tmp_path / 'm.keras'))
        _warn_once_here()
        assert len(caught) == 1
        tf.saved_model.save(model, str(tmp_path / 'sm'))
        _warn_once_here()
        assert len(caught) == 2

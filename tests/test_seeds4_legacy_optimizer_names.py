"""keras.optimizers.legacy's missing names read as TF 2.21 prints them.

A Keras 2 program ported from the seeds' era reaches for keras.optimizers.legacy.Nadam; TF 2.21
(``from tensorflow import keras``) printed, for
    try: keras.optimizers.legacy.Nadam
    except AttributeError as e: print(e)
"module 'keras.optimizers.legacy' has no attribute 'Nadam'". tapeflow named its own module 'optim.legacy'.
"""
import pytest

from framework import keras


def test_missing_legacy_optimizer_names_the_keras_module():
    with pytest.raises(AttributeError) as caught:
        keras.optimizers.legacy.Nadam
    assert str(caught.value) == "module 'keras.optimizers.legacy' has no attribute 'Nadam'"


def test_legacy_names_that_exist_still_raise_keras_import_error():
    # TF 2.21 lists these six and refuses to build them with an ImportError naming tf_keras
    assert sorted(n for n in dir(keras.optimizers.legacy) if not n.startswith('_')) == [
        'Adagrad', 'Adam', 'Ftrl', 'Optimizer', 'RMSprop', 'SGD']
    with pytest.raises(ImportError, match='`keras.optimizers.legacy` is not supported in Keras 3'):
        keras.optimizers.legacy.Adam(learning_rate=0.1)

"""The image-classification tutorial passes ``input_shape`` to ``Rescaling`` and then to its
augmentation's ``RandomFlip``: Keras 3 warns from the subclass's ``super().__init__`` line, and
its preprocessing layers all reach Layer through DataLayer's one line, so Python's default filter
shows one warning for both (TF 2.21 printed one), while a Conv2D or Dense still warns on its own.
"""
import warnings

from framework import keras


def _warning_places(*makers):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        for make in makers:
            make()
    return [(w.filename, w.lineno) for w in caught if 'input_shape' in str(w.message)]


def test_preprocessing_layers_share_one_warning_place():
    places = _warning_places(lambda: keras.layers.Rescaling(1 / 255, input_shape=(8, 8, 3)),
                             lambda: keras.layers.RandomFlip('horizontal', input_shape=(8, 8, 3)),
                             lambda: keras.layers.Normalization(input_shape=(3,)),
                             lambda: keras.layers.CategoryEncoding(num_tokens=3, input_shape=(1,)))
    assert len(places) == 4 and len(set(places)) == 1


def test_other_layers_warn_from_their_own_lines():
    places = _warning_places(lambda: keras.layers.Rescaling(1 / 255, input_shape=(8, 8, 3)),
                             lambda: keras.layers.Conv2D(2, 3, input_shape=(8, 8, 3)),
                             lambda: keras.layers.Dense(2, input_shape=(3,)))
    assert len(set(places)) == 3

"""The preprocessing layers in models, datasets and the bad-input sweep.

``PREPROCESSING_LAYERS`` (a way to make each layer, and an input it takes)
joins the layer sweep of tests/test_bad_input_sweep_training.py; the same
checks run here too, so that this file alone tells whether they pass.
"""
import numpy as np
import pytest

import framework as tf
import layers as L

X2 = np.linspace(0, 1, 6, dtype=np.float32).reshape(2, 3)
X4 = np.linspace(0, 1, 32, dtype=np.float32).reshape(2, 4, 4, 1)
RGB = np.linspace(0, 255, 96, dtype=np.float32).reshape(2, 4, 4, 3)
TOKENS = np.array([[0, 1, 2], [3, 0, 1]], np.int32)
WORDS = np.array([['a', 'b', 'c'], ['b', 'a', 'a']])
TEXTS = np.array(['a b c', 'b a'])

PREPROCESSING_LAYERS = {
    'CategoryEncoding': (lambda: L.CategoryEncoding(4), TOKENS),
    'Discretization': (lambda: L.Discretization(bin_boundaries=[0.3, 0.6]), X2),
    'Hashing': (lambda: L.Hashing(5), X2), 'IntegerLookup': (lambda: L.IntegerLookup(vocabulary=[0, 1, 2]), TOKENS),
    'StringLookup': (lambda: L.StringLookup(vocabulary=['a', 'b']), WORDS),
    'TextVectorization': (lambda: L.TextVectorization(vocabulary=['a', 'b']), TEXTS),
    'Resizing': (lambda: L.Resizing(2, 3), X4), 'CenterCrop': (lambda: L.CenterCrop(2, 2), X4),
    'RandomCrop': (lambda: L.RandomCrop(2, 3, seed=1), X4), 'RandomFlip': (lambda: L.RandomFlip(seed=1), X4),
    'RandomRotation': (lambda: L.RandomRotation(0.1, seed=1), X4), 'RandomZoom': (lambda: L.RandomZoom(0.2, seed=1), X4),
    'RandomTranslation': (lambda: L.RandomTranslation(0.1, 0.2, seed=1), X4),
    'RandomContrast': (lambda: L.RandomContrast(0.3, seed=1), X4),
    'RandomBrightness': (lambda: L.RandomBrightness(0.2, value_range=(0, 1), seed=1), X4),
    'HashedCrossing': (lambda: L.HashedCrossing(5), [TOKENS[:, :1], WORDS[:, :1]]),
    'RandomGrayscale': (lambda: L.RandomGrayscale(seed=1), RGB), 'RandomInvert': (lambda: L.RandomInvert(seed=1), RGB),
    'Solarization': (lambda: L.Solarization(0.2, 0.5, seed=1), RGB), 'AutoContrast': (lambda: L.AutoContrast(), RGB),
    'RandomColorDegeneration': (lambda: L.RandomColorDegeneration(0.5, seed=1), RGB),
    'RandomHue': (lambda: L.RandomHue(0.5, seed=1), RGB), 'RandomSaturation': (lambda: L.RandomSaturation(0.5, seed=1), RGB),
    'Pipeline': (lambda: L.Pipeline([L.RandomFlip(seed=1), L.Rescaling(0.5)]), RGB),
    'RandomColorJitter': (lambda: L.RandomColorJitter(brightness_factor=0.2, hue_factor=0.3, seed=1), RGB),
    'RandomPosterization': (lambda: L.RandomPosterization(4, seed=1), RGB),
    'RandomHeight': (lambda: L.RandomHeight(0.3, seed=1), RGB), 'RandomWidth': (lambda: L.RandomWidth(0.3, seed=1), RGB),
    'MixUp': (lambda: L.MixUp(seed=1), RGB), 'CutMix': (lambda: L.CutMix(seed=1), RGB),
    'RandomSharpness': (lambda: L.RandomSharpness(0.5, seed=1), RGB),
    'RandomShear': (lambda: L.RandomShear(0.3, 0.3, seed=1), RGB), 'Equalization': (lambda: L.Equalization(), RGB),
    'RandomErasing': (lambda: L.RandomErasing(seed=1), RGB),
    'RandomGaussianBlur': (lambda: L.RandomGaussianBlur(seed=1), RGB),
    'RandomPerspective': (lambda: L.RandomPerspective(seed=1), RGB),
    'RandomElasticTransform': (lambda: L.RandomElasticTransform(seed=1), RGB),
    'ContrastLimitedAdaptiveHistogramEqualization': (lambda: L.ContrastLimitedAdaptiveHistogramEqualization(), RGB),
    'RandAugment': (lambda: L.RandAugment(seed=1), RGB),
    'AugMix': (lambda: L.AugMix(seed=1), RGB),
    'MaxNumBoundingBoxes': (lambda: L.MaxNumBoundingBoxes(2, bounding_box_format='xyxy'), RGB),
    'STFTSpectrogram': (lambda: L.STFTSpectrogram(frame_length=4), np.sin(np.arange(40, dtype=np.float32)).reshape(2, 10, 2)),
    'MelSpectrogram': (lambda: L.MelSpectrogram(fft_length=8, sequence_stride=4, num_mel_bins=3, sampling_rate=100),
                       np.sin(np.arange(40, dtype=np.float32)).reshape(2, 20)),
}


def _variants(x):
    """(value, must_fail) pairs: the sweep's unconvertible, NaN, empty-batch and integer inputs."""
    yield None, True
    yield object(), True
    if isinstance(x, list):                 # a layer called on several inputs (HashedCrossing)
        yield [x[0], None], True
        yield [a[:0] for a in x], False
        return
    yield x[:0], False
    if x.dtype.kind == 'f':
        yield np.where(x > 0.5, np.nan, x).astype(x.dtype), False
        yield x.astype(np.int32), False


@pytest.mark.parametrize('name', sorted(PREPROCESSING_LAYERS))
def test_bad_input_works_or_raises_naming_the_layer(name):
    make, x = PREPROCESSING_LAYERS[name]
    layer = make()
    layer(x, training=True)
    for value, must_fail in _variants(x):
        try:
            layer(value, training=True)
        except (TypeError, ValueError) as err:
            # TensorFlow's own words stay the message (Keras raises conversion errors unworded); the layer may
            # ride in a note, which tracebacks show under it
            text = '\n'.join([str(err)] + getattr(err, '__notes__', []))
            assert layer.name in text or type(layer).__name__ in text, text
            continue
        assert not must_fail, 'accepted %r' % (value,)


def test_every_preprocessing_export_is_swept_here():
    from layers import preprocessing
    assert sorted(preprocessing.__all__) == sorted(PREPROCESSING_LAYERS)


def test_text_classification_model_fits_on_raw_strings():
    texts = np.array(["good movie", "bad movie", "great film, good acting", "terrible film!"])
    labels = np.array([1, 0, 1, 0], np.float32)
    vectorize = L.TextVectorization(max_tokens=20, output_sequence_length=5)
    vectorize.adapt(tf.data.Dataset.from_tensor_slices(texts).batch(2))
    model = L.Sequential([L.Input(shape=(1,), dtype='string'), vectorize, L.Embedding(20, 4),
                          L.GlobalAveragePooling1D(), L.Dense(1, activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy', metrics=['accuracy'])
    # string tensors: Keras 3's fit and predict refuse numpy str arrays (ValueError: Invalid dtype: str...)
    history = model.fit(tf.constant(texts[:, None]), labels, epochs=2, verbose=0)
    assert sorted(history.history) == ['accuracy', 'loss']
    assert model.predict(tf.constant([["good film"]]), verbose=0).shape == (1, 1)
    # dataset.map, as the tutorial vectorizes its text dataset
    mapped = tf.data.Dataset.from_tensor_slices((texts, labels)).batch(2).map(lambda x, y: (vectorize(x), y))
    first, _ = next(iter(mapped))
    assert first.numpy().tolist() == [[3, 2, 0, 0, 0], [7, 2, 0, 0, 0]]


def test_functional_models_with_string_and_integer_inputs():
    vectorize = L.TextVectorization(vocabulary=['a', 'b'], output_sequence_length=3)
    inputs = L.Input(shape=(), dtype='string')
    outputs = vectorize(inputs)
    assert outputs.shape == (None, 3) and outputs.dtype == 'int64'
    assert L.Model(inputs, outputs)(TEXTS).numpy().tolist() == [[2, 3, 1], [3, 2, 0]]
    ints = L.Input(shape=(3,), dtype='int64')
    encoded = L.CategoryEncoding(4)(L.IntegerLookup(vocabulary=[7, 8, 9])(ints))
    assert encoded.shape == (None, 4)
    assert L.Model(ints, encoded)(np.array([[7, 9, 5]])).numpy().tolist() == [[1., 1., 0., 1.]]

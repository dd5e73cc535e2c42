"""Golden values printed by TF 2.21 / Keras 3.15 for the 'Basic text classification' and
'Time series forecasting' tutorials' pipelines, shrunk to a few sentences and a 20-step series
(the programs are in notes/progs/tutorials40/t40_pin.py; every value below was printed by
/opt/tfref/bin/python running that program with only its imports changed)."""
import warnings

import numpy as np

import framework as tf
from framework import keras

TEXTS = ["a great movie", "loved it, wonderful story", "best film", "terrible movie, bad", "hated it",
         "boring and dull", "great fun", "awful and bad"]
LABELS = np.array([1, 1, 1, 0, 0, 0, 1, 0])


def _vectorizer():
    vec = keras.layers.TextVectorization(max_tokens=20, output_sequence_length=4)
    vec.adapt(TEXTS)
    return vec


def test_text_vectorization_vocabulary_and_ids_match_tf():
    vec = _vectorizer()
    # TF 2.21: print(vec.get_vocabulary()); print(vec(np.array(TEXTS)).numpy().tolist())
    assert [str(w) for w in vec.get_vocabulary()] == [
        '', '[UNK]', 'movie', 'it', 'great', 'bad', 'and', 'wonderful', 'terrible', 'story', 'loved', 'hated',
        'fun', 'film', 'dull', 'boring', 'best', 'awful', 'a']
    assert vec(np.array(TEXTS)).numpy().tolist() == [
        [18, 4, 2, 0], [10, 3, 7, 9], [16, 13, 0, 0], [8, 2, 5, 0], [11, 3, 0, 0], [15, 6, 14, 0],
        [4, 12, 0, 0], [17, 6, 5, 0]]


def test_embedding_average_pooling_binary_accuracy_history_matches_tf():
    keras.backend.clear_session()
    keras.utils.set_random_seed(0)
    vec = _vectorizer()
    ids = vec(np.array(TEXTS)).numpy()
    ds = tf.data.Dataset.from_tensor_slices((ids, LABELS)).batch(3)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Embedding(20, 4), keras.layers.Dropout(0.2),
                              keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1, activation="sigmoid")])
    model.compile(loss=keras.losses.BinaryCrossentropy(), optimizer="adam",
                  metrics=[keras.metrics.BinaryAccuracy(threshold=0.5)])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")        # Keras's 'shuffle=True ... tf.data.Dataset' warning
        history = model.fit(ds, validation_data=ds, epochs=3, verbose=0).history
    # TF 2.21: for k, v in h.history.items(): print(k, v)
    assert history == {
        'binary_accuracy': [0.5, 0.25, 0.5],
        'loss': [0.6989779472351074, 0.6975570321083069, 0.6935586929321289],
        'val_binary_accuracy': [0.25, 0.25, 0.375],
        'val_loss': [0.6965079307556152, 0.6949296593666077, 0.693301796913147]}


def test_timeseries_windows_with_stride_sampling_rate_and_seeded_shuffle_match_tf():
    ds = keras.utils.timeseries_dataset_from_array(np.arange(20), np.arange(20) * 10, sequence_length=5,
                                                   sequence_stride=2, sampling_rate=2, batch_size=3,
                                                   shuffle=True, seed=3)
    # TF 2.21: print([(a.numpy().tolist(), b.numpy().tolist()) for a, b in ds])
    assert [(a.numpy().tolist(), b.numpy().tolist()) for a, b in ds] == [
        ([[10, 12, 14, 16, 18], [6, 8, 10, 12, 14], [4, 6, 8, 10, 12]], [100, 60, 40]),
        ([[0, 2, 4, 6, 8], [8, 10, 12, 14, 16], [2, 4, 6, 8, 10]], [0, 80, 20])]

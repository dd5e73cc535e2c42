"""The OOV idf weight of a tf_idf lookup, to TF 2.21's last bit.

After adapt Keras pads the OOV slot with tf.reduce_mean of the float32 idf
weights (TF's summation order); with a given vocabulary it pads with
np.average of the weights as given (a list of floats averages in float64).
tapeflow took numpy's float32 mean both times: 1.0229378 for TF's 1.0229379.
"""
import numpy as np

from framework import keras

layers = keras.layers

CORPUS = ["The quick brown fox.", "Jumped over the LAZY dog!", "the dog, the fox; the end", "Ünïcode Straße ok"]


def test_adapted_text_vectorization_oov_idf():
    t = layers.TextVectorization(output_mode='tf_idf')
    t.adapt(CORPUS)
    out = t(np.array(["a lazy cat sat on the dog!"])).numpy()
    assert out[0, 0] == np.float32(4.0917516)        # TF 2.21: 4 OOV tokens x 1.0229379
    assert out[0, 1] == np.float32(0.6931472)


def test_adapted_string_lookup_oov_idf():
    rng = np.random.RandomState(0)
    for n, expected in ((3, 0.64863676), (7, 0.8979901), (20, 1.5640297), (50, 2.2868514), (300, 4.0071607)):
        docs = [' '.join('w%d' % i for i in rng.randint(0, n, 5)) for _ in range(n)]
        t = layers.TextVectorization(output_mode='tf_idf')
        t.adapt(docs)
        assert np.asarray(t._lookup_layer.idf_weights)[0] == np.float32(expected), n


def test_given_idf_weights_average_as_given():
    wts = list(np.random.RandomState(1).rand(13))
    vocab = ['a%d' % i for i in range(13)]
    s = layers.StringLookup(output_mode='tf_idf', vocabulary=vocab, idf_weights=wts)
    assert np.asarray(s.idf_weights)[0] == np.float32(0.34270456)       # TF 2.21 (float64 average)
    s = layers.StringLookup(output_mode='tf_idf', vocabulary=vocab, idf_weights=np.array(wts, 'float32'))
    assert np.asarray(s.idf_weights)[0] == np.float32(0.3427045)      # TF 2.21 (float32 average)

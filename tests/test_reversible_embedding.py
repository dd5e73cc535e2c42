"""keras.layers.ReversibleEmbedding: look-ups one way, logits over the vocabulary the other,
tied or with a table of its own; a functional model calling it both ways summarises, trains
and round-trips as in Keras 3.15 (the reverse call's shape comes from compute_output_spec)."""
import numpy as np

from framework import keras

L = keras.layers
IDS = np.array([[1, 2, 0], [3, 9, 4]])


def test_tied_reverse_is_the_transposed_table():
    layer = L.ReversibleEmbedding(10, 4)
    hidden = layer(IDS)
    np.testing.assert_allclose(layer(hidden, reverse=True).numpy(),
                               hidden.numpy() @ layer.embeddings.numpy().T, rtol=1e-6)


def test_untied_soft_capped_reverse():
    layer = L.ReversibleEmbedding(10, 4, tie_weights=False, logit_soft_cap=2.0)
    hidden = layer(IDS)
    assert [w.path.split('/')[-1] for w in layer.weights] == ['embeddings', 'reverse_embeddings']
    logits = hidden.numpy() @ layer.reverse_embeddings.numpy()
    np.testing.assert_allclose(layer(hidden, reverse=True).numpy(), np.tanh(logits / 2.0) * 2.0, rtol=1e-5)
    config = layer.get_config()
    assert (config['tie_weights'], config['logit_soft_cap'], config['reverse_dtype']) == (False, 2.0, None)


def test_functional_model_calling_it_both_ways(tmp_path, capsys):
    keras.backend.clear_session()
    embedding = L.ReversibleEmbedding(10, 4)
    inputs = keras.Input((3,), dtype='int32')
    outputs = embedding(L.Dense(4)(embedding(inputs)), reverse=True)
    model = keras.Model(inputs, outputs)
    assert model.output_shape == (None, 3, 10)
    model.summary()
    assert '(None, 3, 10)' in capsys.readouterr().out        # the last call's shape, as Keras shows it
    model.compile('adam', keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    model.fit(IDS, IDS, epochs=1, verbose=0)
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    np.testing.assert_allclose(loaded.predict(IDS, verbose=0), model.predict(IDS, verbose=0), rtol=1e-6)

"""Embedding with LoRA (lora_rank / lora_alpha / enable_lora), as Keras 3.15's Embedding.

Golden values come from TF 2.21 + Keras 3 running the same program (/work/notes/progs/lora13/emb1.py).
"""
import h5py
import numpy as np
import pytest

import framework as tf
from framework import keras

IDS = np.array([[1, 2, 2, 0], [5, 3, 1, 1]])


@pytest.fixture(autouse=True)
def _clear_seed():
    yield
    tf.random.set_seed(None)
    keras.backend.clear_session()


def _y():
    return np.random.RandomState(1).randn(2, 4, 3).astype('float32')


def test_build_enables_lora_with_keras_names_flags_and_config():
    layer = keras.layers.Embedding(6, 3, lora_rank=2, lora_alpha=8)
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (2, 8, False)
    layer.build()
    assert (layer.lora_rank, layer.lora_alpha, layer.lora_enabled) == (2, 2, True)     # Keras 3's build resets alpha
    assert [w.name for w in layer.weights] == ['embeddings', 'lora_embeddings_a', 'lora_embeddings_b']
    assert [w.trainable for w in layer.weights] == [False, True, True]
    assert [tuple(w.shape) for w in layer.weights] == [(6, 3), (6, 2), (2, 3)]
    config = layer.get_config()
    assert list(config)[-4:] == ['mask_zero', 'quantization_config', 'lora_rank', 'lora_alpha']
    assert (config['lora_rank'], config['lora_alpha']) == (2, 2)


def test_enable_lora_refusals_in_keras_words():
    constrained = keras.layers.Embedding(6, 3, embeddings_constraint='non_neg')
    constrained.build()
    with pytest.raises(ValueError, match='Lora is incompatible with embedding constraints. In order to enable lora '
                                         'on this layer, remove the `embeddings_constraint` argument.'):
        constrained.enable_lora(2)
    with pytest.raises(ValueError, match=r"Cannot enable lora on a layer that isn't yet built\."):
        keras.layers.Embedding(6, 3).enable_lora(2)
    layer = keras.layers.Embedding(6, 3, lora_rank=1)
    layer.build()
    with pytest.raises(ValueError, match='lora is already enabled. This can only be done once per layer.'):
        layer.enable_lora(2)


def test_lookup_is_the_merged_table_row():
    layer = keras.layers.Embedding(6, 3)
    layer.build()
    layer.enable_lora(2, lora_alpha=6)
    rng = np.random.RandomState(4)
    table, a, b = (rng.randn(*s).astype('float32') for s in [(6, 3), (6, 2), (2, 3)])
    for variable, value in zip(layer.weights, (table, a, b)):
        variable.assign(value)
    merged = table.astype('float64') + 3.0 * a.astype('float64') @ b
    np.testing.assert_allclose(layer(IDS).numpy(), merged[IDS], rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(layer._embeddings.numpy(), table)      # the frozen table again after the call
    np.testing.assert_allclose(layer.embeddings.numpy(), merged, rtol=1e-5, atol=1e-6)     # Keras's property: merged


@pytest.mark.usefixtures('onednn_on')
def test_gradients_bitwise_as_tf_eager_and_traced():
    keras.utils.set_random_seed(1)
    y = _y()
    layer = keras.layers.Embedding(6, 3, lora_rank=2, lora_alpha=8)
    layer.build()
    layer.lora_embeddings_b.assign(np.random.RandomState(2).randn(2, 3).astype('float32'))

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((layer(IDS) - y) ** 2)
        return loss, tape.gradient(loss, layer.trainable_weights)

    # TF 2.21's loss and gradients for lora_embeddings_a (row 4 is never looked up) and lora_embeddings_b
    golden_a = [[-0.323368102312088, 0.007101789116859436], [0.7000618577003479, 0.08875659108161926],
                [-0.6218097805976868, -0.2509177029132843], [-0.30250105261802673, 0.4880748987197876],
                [0.0, 0.0], [0.1981687694787979, 0.4269746243953705]]
    golden_b = [[-0.2857339382171631, -0.033690813928842545, -0.28356844186782837],
                [0.25209948420524597, -0.14870421588420868, -0.05007632449269295]]
    for run in (step, tf.function(step)):
        loss, (grad_a, grad_b) = run()
        assert float(loss) == 1.9564346075057983
        np.testing.assert_array_equal(tf.convert_to_tensor(grad_a).numpy(), np.float32(golden_a))
        np.testing.assert_array_equal(tf.convert_to_tensor(grad_b).numpy(), np.float32(golden_b))


def _fitted_model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,), dtype='int32'), keras.layers.Embedding(6, 3, lora_rank=2),
                              keras.layers.Dense(3)])
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss='mse')
    history = model.fit(IDS, _y(), epochs=3, verbose=0)
    return model, history


def test_fit_history_bitwise_and_table_frozen(cpu_kind):
    model, history = _fitted_model()
    # TF 2.21's history for this program (progs/lora13/emb_fit.py)
    # TF 2.21 (on an AVX2 AMD EPYC, oneDNN off: its products in Eigen's order, the third an ulp below)
    third = 1.0857592821121216 if cpu_kind == 'avx2' else 1.0857594013214111
    assert history.history['loss'] == [1.165797472000122, 1.1255700588226318, third]
    layer = model.layers[0]
    assert not layer._embeddings.trainable and layer.lora_embeddings_b.numpy().any()


def test_files_hold_the_merged_table_and_round_trip(tmp_path):
    model, _ = _fitted_model()
    predicted = model.predict(IDS, verbose=0)
    layer = model.layers[0]
    weights_path, archive_path = str(tmp_path / 'e.weights.h5'), str(tmp_path / 'e.keras')
    model.save_weights(weights_path)
    model.save(archive_path)
    with h5py.File(weights_path) as f:
        assert list(f['layers/embedding/vars'].keys()) == ['0']
        merged = layer._embeddings.numpy() + layer.lora_embeddings_a.numpy() @ layer.lora_embeddings_b.numpy()
        np.testing.assert_allclose(f['layers/embedding/vars/0'][()], merged, rtol=1e-6, atol=1e-6)
    loaded = keras.models.load_model(archive_path)
    assert loaded.layers[0].lora_enabled and not loaded.layers[0].lora_embeddings_b.numpy().any()
    np.testing.assert_allclose(loaded.predict(IDS, verbose=0), predicted, rtol=1e-6, atol=1e-6)
    plain = keras.Sequential([keras.Input((4,), dtype='int32'), keras.layers.Embedding(6, 3), keras.layers.Dense(3)])
    plain.load_weights(weights_path)
    np.testing.assert_allclose(plain.predict(IDS, verbose=0), predicted, rtol=1e-6, atol=1e-6)


def _reversible_model(tie_weights, lora_rank):
    keras.utils.set_random_seed(1)
    inputs = keras.Input((4,), dtype='int32')
    embedding = keras.layers.ReversibleEmbedding(6, 3, tie_weights=tie_weights, lora_rank=lora_rank)
    model = keras.Model(inputs, embedding(keras.layers.Dense(3)(embedding(inputs)), reverse=True))
    return model, embedding


def test_reversible_embedding_with_lora_trains_and_files_as_keras(tmp_path):
    # TF 2.21's histories (progs/lora13/rev1.py and rev2.py)
    y = np.random.RandomState(1).randn(2, 4, 6).astype('float32')
    model, embedding = _reversible_model(True, 2)
    assert [w.name for w in embedding.weights] == ['embeddings', 'lora_embeddings_a', 'lora_embeddings_b']
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss='mse')
    history = model.fit(IDS, y, epochs=3, verbose=0)
    assert history.history['loss'] == [0.9716098308563232, 0.9699940085411072, 0.9673720598220825]
    # untied: LoRA enabled after build; reverse_embeddings is filed after the merged table
    model, embedding = _reversible_model(False, None)
    embedding.enable_lora(2, lora_alpha=4)
    assert [w.name for w in embedding.weights] == ['embeddings', 'reverse_embeddings', 'lora_embeddings_a',
                                                   'lora_embeddings_b']
    assert [w.trainable for w in embedding.weights] == [False, True, True, True]
    model.compile(optimizer=keras.optimizers.Adam(0.05), loss='mse')
    history = model.fit(IDS, y, epochs=3, verbose=0)
    assert history.history['loss'] == [0.9712519645690918, 0.9673795700073242, 0.9555528163909912]
    predicted = model.predict(IDS, verbose=0)
    path = str(tmp_path / 'r.weights.h5')
    model.save_weights(path)
    with h5py.File(path) as f:
        assert [f['layers/reversible_embedding/vars'][k].shape for k in ('0', '1')] == [(6, 3), (3, 6)]
        assert len(f['layers/reversible_embedding/vars']) == 2
    model.load_weights(path)
    np.testing.assert_allclose(model.predict(IDS, verbose=0), predicted, rtol=1e-6, atol=1e-6)
    assert not embedding.lora_embeddings_a.numpy().any()


def test_untied_reversible_embedding_refuses_lora_rank_at_build():
    # Keras 3 fails there too (a ValueError whose message is 'None'); tapeflow says why
    layer = keras.layers.ReversibleEmbedding(6, 3, tie_weights=False, lora_rank=2)
    with pytest.raises(ValueError, match='tie_weights=False'):
        layer.build()

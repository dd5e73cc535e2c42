"""keras.layers.GroupQueryAttention against Keras 3.15 on TF 2.21: /work/notes/progs/audio/gqa.py printed these
values with /opt/tfref's keras after keras.utils.set_random_seed(5) (the same initial weights and dropout masks
here); einsum and softmax sums may differ from TF's in the last bit, hence the 1e-6 tolerances."""
import numpy as np
import pytest

from framework import keras

L = keras.layers
Q = np.sin(np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4))
V = np.cos(np.arange(2 * 5 * 4, dtype=np.float32).reshape(2, 5, 4))


def _close(got, want):
    np.testing.assert_allclose(np.asarray(got), np.float32(want), rtol=1e-5, atol=3e-7)


@pytest.fixture
def layer():
    keras.backend.clear_session()
    keras.utils.set_random_seed(5)
    return L.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2)


def test_outputs_scores_and_weights_layout(layer):
    out, scores = layer(Q, V, return_attention_scores=True)
    assert layer.name == 'grouped_query_attention'
    assert [(w.path, tuple(w.shape)) for w in layer.weights] == [
        ('grouped_query_attention/query/kernel', (4, 4, 2)), ('grouped_query_attention/query/bias', (4, 2)),
        ('grouped_query_attention/key/kernel', (4, 2, 2)), ('grouped_query_attention/key/bias', (2, 2)),
        ('grouped_query_attention/value/kernel', (4, 2, 2)), ('grouped_query_attention/value/bias', (2, 2)),
        ('grouped_query_attention/attention_output/kernel', (4, 2, 4)),
        ('grouped_query_attention/attention_output/bias', (4,))]
    _close(out[0], [[-0.0332359, -0.0170101, -0.0355167, 0.3325073], [0.0044701, -0.0197263, -0.1054447, -0.2836104],
                    [-0.0009101, 0.1704328, 0.0993248, -0.0051746]])
    assert scores.shape == (2, 4, 3, 5)
    _close(scores[0, 1], [[0.2181617, 0.1997875, 0.1705369, 0.2290364, 0.1824774],
                          [0.2023706, 0.1938676, 0.2088342, 0.1977986, 0.197129],
                          [0.1785258, 0.2061967, 0.2191852, 0.1752059, 0.2208865]])
    # without scores Keras takes ops.dot_product_attention: the same values to the last bits
    _close(layer(Q, V)[1], [[-0.0379975, -0.1709582, -0.1402242, -0.0206555],
                            [-0.088107, 0.0291645, -0.1062241, -0.3272544],
                            [-0.0607186, -0.0479868, -0.0306379, -0.0802867]])


def test_masks(layer):
    layer(Q, V)
    _close(layer(Q, V, value_mask=np.array([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool))[0],
           [[-0.0210558, -0.2345619, -0.0922168, 0.0704087], [-0.0335904, -0.1212659, -0.1106406, -0.3336394],
            [-0.042488, -0.0050241, 0.0369673, -0.1380234]])
    _, causal_scores = layer(Q, V, use_causal_mask=True, return_attention_scores=True)
    _close(causal_scores[0, 0], [[0.9999999, 0, 0, 0, 0], [0.5635486, 0.4364513, 0, 0, 0],
                                 [0.2799212, 0.3911669, 0.3289118, 0, 0]])
    _close(layer(Q, V, use_causal_mask=True)[0], [[-0.5315239, -0.831831, -0.8785526, -1.7039386],
                                                  [-0.0824427, 0.0603252, -0.1667729, -0.4680607],
                                                  [-0.042488, -0.0050241, 0.0369673, -0.1380234]])
    allowed = np.ones((2, 3, 5), bool)
    allowed[:, 0, 2:] = False
    _close(layer(Q, V, attention_mask=allowed)[0], [[-0.1264936, -0.0357323, -0.2992312, 0.1658026],
                                                    [0.0044701, -0.0197263, -0.1054447, -0.2836104],
                                                    [-0.0009101, 0.1704328, 0.0993248, -0.0051746]])


def test_config_and_serialization(layer):
    layer(Q, V)
    config = layer.get_config()
    assert config['name'] == 'grouped_query_attention' and config['kernel_initializer'] == {
        'module': 'keras.initializers', 'class_name': 'GlorotUniform',
        'config': {'seed': None, 'input_axes': None, 'output_axes': None}, 'registered_name': None}
    assert {k: config[k] for k in ('head_dim', 'num_query_heads', 'num_key_value_heads', 'use_bias', 'use_gate',
                                   'sliding_window', 'dropout', 'kernel_regularizer', 'bias_regularizer',
                                   'activity_regularizer', 'kernel_constraint', 'bias_constraint', 'seed')} == {
        'head_dim': 2, 'num_query_heads': 4, 'num_key_value_heads': 2, 'use_bias': True, 'use_gate': False,
        'sliding_window': None, 'dropout': 0.0, 'kernel_regularizer': None, 'bias_regularizer': None,
        'activity_regularizer': None, 'kernel_constraint': None, 'bias_constraint': None, 'seed': None}
    saved = L.serialize(layer)
    assert (saved['class_name'], saved['module']) == ('GroupQueryAttention', 'keras.layers')
    assert type(L.deserialize(saved)) is L.GroupQueryAttention


def test_seeded_dropout_gate_and_sliding_window():
    keras.backend.clear_session()
    keras.utils.set_random_seed(5)
    L.GroupQueryAttention(head_dim=2, num_query_heads=4, num_key_value_heads=2)(Q, V)    # draws as in gqa.py
    layer = L.GroupQueryAttention(head_dim=3, num_query_heads=2, num_key_value_heads=1, dropout=0.5, seed=3,
                                  use_bias=False, sliding_window=2, use_gate=True)
    out, scores = layer(Q, V, training=True, return_attention_scores=True)
    assert [(w.path, tuple(w.shape)) for w in layer.weights] == [
        ('grouped_query_attention_1/query/kernel', (4, 2, 3)), ('grouped_query_attention_1/key/kernel', (4, 1, 3)),
        ('grouped_query_attention_1/gate/kernel', (4, 2, 3)), ('grouped_query_attention_1/value/kernel', (4, 1, 3)),
        ('grouped_query_attention_1/attention_output/kernel', (2, 3, 4))]
    _close(out[0], [[-0.2112866, -0.5058124, 0.1611741, -0.1959891], [0.0521049, 0.1465713, -0.073336, 0.0172535],
                    [0.0282754, -0.0039136, -0.1433217, -0.013973]])
    _close(scores[0, 0], [[0.6774408, 0.3225592, 0, 0, 0], [0.1875238, 0.3240256, 0.4884505, 0, 0],
                          [0, 0.3683689, 0.1061993, 0.5254318, 0]])
    _close(layer(Q, V, training=True)[0], [[-0.0936076, -0.060464, 0.1285866, -0.1053612],
                                           [0.0248849, -0.3172534, -0.1264515, -0.0639591],
                                           [0.1606052, -0.1393629, -0.1601224, 0.0472309]])


def test_symbolic_shapes_keras_masks_and_errors():
    q, v = keras.Input((3, 4)), keras.Input((None, 4))
    assert tuple(L.GroupQueryAttention(2, 2, 1)(q, v).shape) == (None, 3, 4)
    out, scores = L.GroupQueryAttention(2, 2, 1)(q, v, return_attention_scores=True)
    assert tuple(out.shape) == (None, 3, 4) and tuple(scores.shape) == (None, 2, 3, None)
    embedded = L.Embedding(10, 4, mask_zero=True)(np.array([[1, 2, 0], [3, 0, 0]]))
    with pytest.warns(UserWarning, match="Layer 'query' \\(of type EinsumDense\\) was passed an input with a mask"):
        out = L.GroupQueryAttention(2, 2, 1)(embedded, embedded)
    assert out._keras_mask.numpy().tolist() == [[True, True, False], [True, False, False]]
    np.testing.assert_array_equal(out.numpy()[1, 1], out.numpy()[1, 2])     # masked queries average the values
    with pytest.raises(ValueError, match='`num_query_heads` must be divisible by `num_key_value_heads`.'):
        L.GroupQueryAttention(2, 3, 2)
    with pytest.raises(ValueError, match='`sliding_window` must be `None` or a positive integer'):
        L.GroupQueryAttention(2, 4, 2, sliding_window=0)
    # Keras 3 checks this in compute_output_shape: a symbolic call refuses it; eagerly TF 2.21 attends
    with pytest.raises(ValueError, match='The last dimension of `query_shape` and `value_shape` must be equal'):
        L.GroupQueryAttention(2, 2, 1)(keras.Input((3, 4)), keras.Input((5, 3)))
    assert tuple(L.GroupQueryAttention(2, 2, 1)(Q, V[..., :3]).shape) == tuple(Q.shape)


def test_keras_file_paths_are_kerass(tmp_path):
    # Keras 3.15 writes layers/grouped_query_attention/_query_dense/vars/0 ... (the class is GroupedQueryAttention)
    import zipfile
    import h5py
    q, v = keras.Input((3, 4)), keras.Input((5, 4))
    model = keras.Model([q, v], L.GroupQueryAttention(2, 4, 2, use_gate=True)(q, v))
    model.save(str(tmp_path / 'm.keras'))
    with zipfile.ZipFile(str(tmp_path / 'm.keras')) as archive:
        archive.extract('model.weights.h5', str(tmp_path))
    names = []
    with h5py.File(str(tmp_path / 'model.weights.h5'), 'r') as f:
        f.visit(names.append)
    assert {'layers/grouped_query_attention/_%s_dense/vars/0' % p for p in ('query', 'key', 'gate', 'value', 'output')} \
        <= set(names)
    again = keras.models.load_model(str(tmp_path / 'm.keras'))
    x, y = Q, V[:, :5]
    np.testing.assert_array_equal(again.predict([x, y], verbose=0), model.predict([x, y], verbose=0))


def test_summary_names_kerass_class():
    # Keras 3.15's summary row reads '(GroupedQueryAtten…' (its class), as TF printed for this model
    keras.backend.clear_session()
    q = keras.Input((3, 4))
    model = keras.Model(q, L.GroupQueryAttention(2, 2, 1)(q, q))
    lines = []
    model.summary(print_fn=lambda line, *args, **kwargs: lines.append(line))
    assert '(GroupedQueryAtten' in '\n'.join(lines)

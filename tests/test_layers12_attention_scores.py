"""Attention / AdditiveAttention return the attention weights they multiplied by, dropped out while
training (Keras 3's _apply_scores), and give their scores' KerasTensor in a symbolic call. Printed by
TF 2.21 (/work/notes/progs/layers12/att3.py, att2.py):
    q = (np.arange(24, dtype='float32').reshape(2, 4, 3) % 5) * 0.3
    v = (np.arange(30, dtype='float32').reshape(2, 5, 3) % 7) * -0.2
    keras.utils.set_random_seed(7); layer = keras.layers.Attention(dropout=0.5, seed=3)
    out, scores = layer([q, v], return_attention_scores=True, training=True)"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
Q = (np.arange(24, dtype='float32').reshape(2, 4, 3) % 5) * 0.3
V = (np.arange(30, dtype='float32').reshape(2, 5, 3) % 7) * -0.2
TF_SCORES = {
    'Attention': [[0, 1049036447, 1057665897, 1050781634, 0], [0, 0, 0, 1052952847, 1037894066],
                  [1058589676, 0, 0, 0, 1051858295], [0, 1050901639, 0, 0, 1049136684]],
    'AdditiveAttention': [[0, 1046132049, 1059831297, 1048826856, 0], [0, 0, 0, 1049416153, 1056361266],
                          [1053143530, 0, 0, 0, 1055034571], [0, 1046077713, 0, 0, 1057004957]]}
TF_OUT = {'Attention': [3211741089, 3201106829, 3206539852], 'AdditiveAttention': [3213140376, 3198588025, 3205349809]}


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
@pytest.mark.parametrize('cls', ['Attention', 'AdditiveAttention'])
def test_training_scores_are_the_dropped_out_weights(cls):
    keras.utils.set_random_seed(7)
    layer = getattr(L, cls)(dropout=0.5, seed=3)
    out, scores = layer([Q, V], return_attention_scores=True, training=True)
    assert scores.numpy()[0].view('uint32').tolist() == TF_SCORES[cls]
    assert out.numpy()[0, 0].view('uint32').tolist() == TF_OUT[cls]


@pytest.mark.parametrize('cls', ['Attention', 'AdditiveAttention'])
def test_symbolic_call_gives_the_scores(cls):
    keras.backend.clear_session()
    query, value = keras.Input((4, 3)), keras.Input((5, 3))
    layer = getattr(L, cls)()
    out, scores = layer([query, value], return_attention_scores=True)
    assert (tuple(out.shape), tuple(scores.shape)) == ((None, 4, 3), (None, 4, 5))
    # Keras names each output KerasTensor once: keras_tensor_2 and _3 after the two inputs
    assert (out.name, scores.name) == ('keras_tensor_2', 'keras_tensor_3')
    model = keras.Model([query, value], [out, scores])
    got = model([Q, V])
    assert [tuple(t.shape) for t in got] == [(2, 4, 3), (2, 4, 5)]
    np.testing.assert_array_equal(got[1].numpy(), layer([Q, V], return_attention_scores=True)[1].numpy())

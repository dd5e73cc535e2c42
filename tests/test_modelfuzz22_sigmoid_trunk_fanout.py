"""A sigmoid or softmax Dense trunk read by three heads in a traced step: TF 2.21's grappler sorts the trunk's
gradient AddN by the heads' names (layers/functional/fanout_gradients.py), which tapeflow reproduces with a
chain of identities, but not for a tensor with notes: a sigmoid / softmax output notes its logits, so such a
trunk added the heads' gradients in the tape's queue order, (g0 + g2) + g1, and trained an ulp off TF from
its first step (modelfuzz20's fz.py seed 6; tanh, relu, elu, softplus, selu and linear trunks were equal).
Goldens printed by TF 2.21 + Keras 3 on this session's AMD EPYC (AVX2) for the same program
(/work/notes/progs/modelfuzz22/gold2.py); tapeflow before gave other trunk weights in all four.
"""
import numpy as np
import pytest

from framework import keras
from framework.losses.tensor_notes import get_keras_logits


def _fit(activation, names):
    rng = np.random.RandomState(5)
    x = rng.normal(size=(12, 4)).astype('float32')
    ys = [rng.normal(size=(12, 2)).astype('float32') for _ in range(3)]
    keras.utils.set_random_seed(3)
    inputs = keras.Input((4,))
    hidden = keras.layers.Dense(5, activation=activation, name='trunk')(inputs)
    model = keras.Model(inputs, [keras.layers.Dense(2, name=name)(hidden) for name in names])
    model.compile(keras.optimizers.SGD(0.5), ['mse'] * 3)
    history = model.fit(x, ys, epochs=2, batch_size=4, verbose=0, shuffle=False)
    return history.history['loss'], model.get_weights()[:2]


# TF 2.21 gives these losses and trunk weights (float32 bits: kernel, bias)
GOLDEN = {
    ('sigmoid', ('o0', 'o1', 'o2')): ([4.661660671234131, 3.5182762145996094],
         [1024368734, 3209878075, 1056294157, 3206853629, 1060838484, 3199089483, 1056315584, 1052249551,
          1055416222, 3202267286, 1063321620, 1049266950, 3168436119, 1035775402, 1060033552, 1033370519,
          1039556698, 1032819500, 3203682544, 1050330000],
         [3197348470, 3194394868, 3199909056, 3203401032, 3198466152]),
    ('sigmoid', ('c', 'a', 'b')): ([4.661660671234131, 3.5182759761810303],
         [1024368736, 3209878075, 1056294157, 3206853629, 1060838484, 3199089484, 1056315584, 1052249551,
          1055416223, 3202267286, 1063321620, 1049266950, 3168436118, 1035775401, 1060033552, 1033370519,
          1039556702, 1032819500, 3203682544, 1050330000],
         [3197348471, 3194394868, 3199909055, 3203401032, 3198466152]),
    ('softmax', ('o0', 'o1', 'o2')): ([3.748138427734375, 3.3075311183929443],
         [3156396418, 3208560159, 1055539444, 3207291399, 1060033927, 3197070486, 1058610301, 1050162884,
          1056794236, 3206105929, 1060018558, 1031324324, 3193034361, 1016130306, 1059753271, 3178901743,
          3186102158, 3180305006, 3207288796, 1031708108],
         [1012041004, 1042558230, 3181504357, 3163364147, 3181214880]),
    ('softmax', ('c', 'a', 'b')): ([3.748138427734375, 3.3075311183929443],
         [3156396418, 3208560159, 1055539444, 3207291399, 1060033927, 3197070486, 1058610301, 1050162884,
          1056794236, 3206105929, 1060018558, 1031324320, 3193034361, 1016130312, 1059753272, 3178901744,
          3186102158, 3180305005, 3207288796, 1031708108],
         [1012041020, 1042558230, 3181504356, 3163364148, 3181214877]),
}


@pytest.mark.parametrize('activation, names', list(GOLDEN), ids=['-'.join((a,) + n) for a, n in GOLDEN])
def test_trunk_with_logits_adds_its_heads_gradients_in_name_order(activation, names, same_as_tf):
    losses, weights = _fit(activation, names)
    expected_losses, kernel_bits, bias_bits = GOLDEN[activation, names]
    same_as_tf(losses, expected_losses, measured_on='avx2')
    for actual, bits in zip(weights, (kernel_bits, bias_bits)):
        same_as_tf(np.asarray(actual).ravel().tolist(), np.array(bits, np.uint32).view(np.float32).tolist(),
                   measured_on='avx2')


def test_the_identities_carry_the_logits():
    from layers.functional import fanout_gradients
    import framework as tf
    logits = tf.constant([[0.5, -1.0]])
    probabilities = keras.activations.sigmoid(logits)
    read = tf.identity(probabilities)
    fanout_gradients.split_notes(probabilities, read)
    assert get_keras_logits(read) is get_keras_logits(probabilities) is not None
    assert fanout_gradients.splits(probabilities)

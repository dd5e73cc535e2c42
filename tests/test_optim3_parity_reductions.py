"""Clipping, Lamb's trust ratio and Adafactor's means sum in TensorFlow's order (Eigen's packets of 8), as
Keras 3's ops.sum / ops.mean / tf.clip_by_norm do on TF 2.21; numpy's pairwise sums gave other last bits.

Golden values: /opt/tfref (TF 2.21, Keras 3.15.1) running the same three steps on the same variables and
printing ``v.numpy().tobytes().hex()`` (float32, little-endian).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

GOLDEN = {
    'clipnorm': ['6e75243f75150d3f5206d3bf42d5983dcd1974bf8523433f5754febf00b968bf7fd43a3f9d138a3f3c730ac0a8c6fabe1550ab3e2ef617bf51c2ce3fc64e97bf94c0af3e6c7b85bffa18b13f271b8bbcf5e1bebe8c8de0bf85a4d53f16bc433fa901423f1208903fe9a49b3ea00822bf7c674bbf67d952bf8a05b23f510ebabfadf31dbf376cabbebbd1633e89470f3f',
     'b01c91bfbdc6e2bfd7510e3d460da43f3feb3e3f9b8d3f3e511799be',
     'b0a6ac3e9e447abeacc1513f43145abf7363d43d1618f3bd9df2fe3eb7a06e3e869f254008c6bc3f3c89bc3f6ef701c02fde9dbe71331ebf9f75223f'],
    'global_clipnorm': ['07fa2a3f05ec043f6a5bd2bfb9538a3dde8b75bf4273423f09c700c09f7669bf2111383f04628f3f16450ac04107fdbe2584a93e5b181abffc12cd3f86ee97bfa1d4b23ef2dc85bf7da0b23f6e869fbc4ababebea315debf5a83d63f061f423f2d6c413f07e5903f0e01a83e0ee522bf9f2e4cbfefa54fbf299bb03f9185babf24221bbf44b7a7be04fd643e636b113f',
     '38f09bbfe3dddebfef20c63b13aa9d3f1309413fc001553ec3e69fbe',
     'a6249c3e7b7779be205a513f094d4fbf771e013e5a34e7bd7bff073fed52683e21d923404d03bf3f01c5be3fdd6002c08bdfa9be9b711cbf05560f3f'],
    'adafactor': ['eab4133f5d43363f8e3adcbf6b6a033e54605dbf9c294a3f3a7ce9bf55d058bf71c14b3fecc7733f957e0bc0a9e9d7bee8c5ba3ed1bbe4be2e25e23f7cb692bf36bc4b3ecad182bf443caa3fdcd4463bc310c2bed356fdbfad5ac13f01995c3f23e1473f8899693f2228953dd1791bbf755e41bfb0f29bbf59f4cb3f866da9bf655861bf5e76e6be5db62b3e7c77dd3e',
     '19f18cbf6562f0bf5405133e5f47ae3fefeb1b3f20928a3df3392dbe',
     'c2d70c3fc21480be2321563f880485bfe478523d19e22abe65e4433e948ca13ed4b62f4043c7b53f33e4b23f7befffbf22090cbe861623bf9ed73a3f'],
    'lamb': ['3ba8283f18ce053ff6c7d5bf2cc5bd3d74cb6ebf05dd493fd92e00c0881862bfd2aa3d3f0f03903fb61d0cc083f7eebed1f9b73ecef113bffd9bcf3f3a7894bfa57da53e433082bfb4f4af3f40361e3c2e9fcebe60efdfbf2b44d33fe1b9483f57ed483f34a48d3f42c6a23ee2a11bbfd4d844bfb1dd54bf6c60b33fe1ebb6bf75af20bfa681b4be68f3453e50460b3f',
     'b71c9cbfc736e1bf2a43cd3cc01b9f3f2c433a3f00a63e3e714b93be',
     '7cd7a63e294b8dbed48e593f48bb53bf6019d03ddbd912be39bf023f93b8833e5c4a2540bba6bb3fe567bb3fa47000c039899dbe492824bfd2ba103f'],
}

MAKE = {'clipnorm': lambda: keras.optimizers.SGD(0.1, clipnorm=0.5),
        'global_clipnorm': lambda: keras.optimizers.SGD(0.1, global_clipnorm=0.3),   # 1.0 / 0.3 rounded from float64
        'adafactor': lambda: keras.optimizers.Adafactor(0.05), 'lamb': lambda: keras.optimizers.Lamb(0.01)}


@pytest.mark.parametrize('name', sorted(MAKE))
def test_three_steps_carry_tensorflows_bits(name):
    rng = np.random.default_rng(3)
    grads = [rng.normal(size=s).astype('float32') for s in ((4, 9), (7,), (3, 5))]
    weights = [rng.normal(size=s).astype('float32') for s in ((4, 9), (7,), (3, 5))]
    opt, variables = MAKE[name](), [keras.Variable(w) for w in weights]
    for step in range(3):
        opt.apply_gradients(zip([tf.constant(g * np.float32(step + 1)) for g in grads], variables))
    assert [v.numpy().tobytes().hex() for v in variables] == GOLDEN[name]

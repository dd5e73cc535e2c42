"""ScheduleFreeAdamW traced into a tf.function that returns None: a one-element variable of rank >= 1
takes ((1 - w) * y') * (1 / b1) (no ConstantPushDown, MinimizeBroadcasts leaves the one-element
product in written order), where a returning function gathers the scalars first. Golden bits:
TF 2.21 + Keras 3.15.1, /work/notes/progs/optim12/sfa_shapes.py (mode func), every step's value;
the order a returning function takes differed at about half the steps (1-4 ulps)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

SHAPES = [(), (1,), (1, 1), (2,), (3, 4), (1, 1, 1)]
GOLDEN = {
    'plain': {
        1: '0ad723bc c69b7fbc 57e45cbc b58301bc ba49adbb 65c485bb bf2a82bb 086db6bb 2033e9bb ecb8c3bb '
           'f681d0bb b13eeabb 69e501bc 9102e8bb 52c8f4bb 394be6bb 54f4d9bb 3e83c4bb a2a5abbb 35a78dbb',
        2: '09d7233c fc18ab3b f4310bbb 1bedd9ba 4ec5faba cb0c08bb e6aa77bb 9495bebb 6a27f0bb 040f26bc '
           '37c938bc f3085abc 687c73bc 315a7fbc 86c482bc 52a282bc 18b282bc cfa281bc bdae7fbc f48f85bc',
        5: '0ad723bc a9d144bb 448b92bb 009cf0bb b7c516bc 44b259bc aed653bc aafe4cbc e5b944bc 39394abc '
           '7e9d56bc 025a63bc 78dd6cbc 5d1780bc 6dc483bc c12773bc 9d9762bc a8a854bc 5c1a48bc 32a63bbc',
    },
    'warm_wd': {
        1: '0ad7a3bb c4a52dbc 0a5ad4bb af2e973b 7f9d203c 1d93473c b0b74a3c 8116163c a019c63b d858083c '
           '18bef63b a6f3c23b 409e8f3b fa02c73b d941ad3b 2110ca3b 9e8de23b 079e063c cb5d1f3c 9d393d3c',
        2: '09d7a33b 449f6539 aedf23bc 4e08e0bb e261c4bb aea6b1bb 3c2106bc 82f340bc 5d496cbc 229aa1bc '
           '0a37b2bc 5aacd1bc f890e9bc 600ff4bc 3607f9bc 94adf7bc 13d5f6bc b2d6f3bc fa74efbc 842dfabc',
        5: '0ad7a3bb 5d06033b 6ae3b3ba df24f0bb 7e0937bc 3a159fbc 8f9c99bc df0a93bc edf98abc cfa090bc '
           'e4209dbc 90eea9bc 6c7ab3bc 81cdc6bc 8721cebc 26b6b9bc c01ea9bc b82a9bbc fc988ebc cc2282bc',
    },
}
MAKE = {
    'plain': lambda: keras.optimizers.ScheduleFreeAdamW(0.01),
    'warm_wd': lambda: keras.optimizers.ScheduleFreeAdamW(0.02, beta_1=0.8, weight_decay=0.05, warmup_steps=4),
}


@pytest.mark.parametrize('config', sorted(MAKE))
def test_one_element_variables_in_a_function_returning_none(config):
    rng = np.random.default_rng(9)
    init = [rng.standard_normal(s).astype('float32') for s in SHAPES]
    grads = [[(rng.standard_normal(s) * (1 + 3 * (t % 4))).astype('float32') for s in SHAPES] for t in range(20)]
    variables = [tf.Variable(a, name='v%d' % i) for i, a in enumerate(init)]
    optimizer = MAKE[config]()

    @tf.function
    def step(gs):
        optimizer.apply_gradients(zip(gs, variables))

    seen = {index: [] for index in GOLDEN[config]}
    for t in range(20):
        step([tf.constant(g) for g in grads[t]])
        for index in seen:
            seen[index].append(np.asarray(variables[index].numpy()).tobytes().hex())
    for index, expected in GOLDEN[config].items():
        assert seen[index] == expected.split(), (config, SHAPES[index])

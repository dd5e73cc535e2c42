"""A float64 conv2d's input gradient sums as TF 2.21's double kernel (Eigen's Conv2DCustomBackpropInputOp:
per image a column buffer out_backprop x filters^T, then col2im by output position;
framework/ops/eigen_conv_backprop_input.py). tapeflow took numpy's BLAS product: 15 of 32, 2 of 100, 25 of 90
and 25 of 60 values below were an ulp off; the odd column's 4 of 100 were off with the first rule (b8bc49db).

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold9.py:

    rs = np.random.RandomState(seed)
    x = tf.constant(rs.randn(*xshape)); f = tf.constant(rs.randn(*fshape))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.conv2d(x, f, strides, padding)
        total = tf.reduce_sum(y * np.cos(np.arange(y.shape.num_elements()) * 0.7).reshape(y.shape))
    print([hex(v) for v in tape.gradient(total, x).numpy().view('uint64').ravel()])
"""

import framework as tf
from helpers_conv_gradients import cos_weighted_gradient_bits, seeded_operands, exact_math  # noqa: F401 (a fixture)

SAME_S1 = [
    0xc021adce208afa3e, 0xc01912edf1e5ace8, 0xc015225e715a6c19, 0xc01faefe4fcc5175,
    0x3fea3252a92a7d34, 0xc02088aa4280d14c, 0x4008703a8d3bd615, 0xc0076fa003ceb3a0,
    0x4027ea1a6cd5811c, 0x4004d5a8be37cc96, 0x402676a0d4572e9f, 0x3ff526685ed4265c,
    0x400417385999173f, 0x40185faea176c584, 0xc011df866bb12ebf, 0x4016a408598a0eed,
    0xc0239d18cb72eeba, 0xbff396977789c668, 0xc02a8914ddf11667, 0x3fea890b2c2b58d0,
    0xc0191282db1aa3b5, 0xc01210c93095da50, 0x40012ee03a228f22, 0xc0173841da8a33b6,
    0x4016526f20ca982d, 0xc015876208626bdc, 0x402787090e4a71af, 0xc02408c34812a1e6,
    0x402350e057b2ff4e, 0xc0144bd0031652ec, 0x3ffc3788c6151084, 0xbfe7493351dbdbe8,
]
VALID_S2 = [
    0x3fe99be1b33d0cd4, 0xbff23405f206ee5b, 0x3fef58d7ae0e8b08, 0x40025b6cb2e8f066,
    0x40051e972334ea30, 0xbff382f03de5292e, 0x3fee8adcf44ba486, 0x400223fbd90900fd,
    0x3ffce2e90421b961, 0xbfbbe8aa4fa783c0, 0xbfc2637b3a3f9560, 0x3ff19d00ba13156b,
    0xbfd6c33ad15d188e, 0x3ff97cd6ee32f1aa, 0x3f8fed4017810820, 0xbfdbbc76c45ccb50,
    0xbfd59c2270751c73, 0x3ff98b4af1670089, 0x3fb8346d2a8476bf, 0xbff8660cc23d41cc,
    0x3ff2910fa8f0a906, 0x3ff0b8f90c9049e2, 0x3fe20b5ea149bc20, 0x400a535584f8b164,
    0x400f79e49e43da6b, 0x3f90b6c8665fa440, 0x3fe1226946a7c191, 0x4009c91f46ca7d86,
    0x40061a59c8703e6f, 0xbff04e6a4752e50c, 0xbfbe279f283a02b1, 0x3ff21a07c2550a49,
    0xbfd47379a7abc089, 0x3ff997e5a747b53c, 0xbfafc73b7eb7024b, 0xbfd6a1de87aad914,
    0xbfd34955efbfa421, 0x3ff9a2a62649f2ee, 0xbf829ab011840118, 0xbff79652b41be9df,
    0x3fde2c5d1b896b00, 0x40017184181eb2f4, 0xbfd7b75e8cdf41a1, 0x3fef1cc8b3a20312,
    0x3ffa21acf89f5869, 0x3ff5c17fb97b2fd6, 0xbfd7e12e90afaf54, 0x3fedd78b5b8e4d79,
    0x3ff2f5bc45cb9dd4, 0xbfe901ba2ae73eee, 0x3fe68bfc8cb4db82, 0xbff374cf967e76bc,
    0x3fec13e5b7783e5c, 0x400175d914c03750, 0x400278c625992278, 0xbff7c4adfc2fef0e,
    0x3feb3d6e5c3002ae, 0x40013940c22b5f21, 0x3ff91ab37f79a710, 0xbfd310a442cf2474,
    0xbfb77f8d16b8787c, 0x3ff291d1468f99bf, 0xbfd21dccdcdc9bcd, 0x3ff9ab8ba7353e42,
    0xbfc1e024fb4a154e, 0xbfd180b90344a8a4, 0xbfd0f0f41d0bda0b, 0x3ff9b295853227ac,
    0xbfbcda6cd68ac634, 0xbff6bfc499cd171d, 0x3ff30ba8ef61a0c0, 0x3fec3e0130033128,
    0x3fdcc0b8708571d4, 0x40081f72925187aa, 0x400f9033661b027b, 0xbfd1228a0bdc0310,
    0x3fdae5adf7f2c73c, 0x40078e0293df4d6d, 0x4005efb53033aa04, 0xbff236a22ada6e6b,
    0xbfb0d0ad90aa404c, 0x3ff3043a99550d63, 0xbfcf85c2ed447640, 0x3ff9b7c33dd639a3,
    0xbfcbc94e54cac0b5, 0xbfc8b504b8ef9d90, 0xbfcd27558d59a6cf, 0x3ff9bb14712d6ac2,
    0xbfcbac94ad6df0cc, 0xbff5e2a08ffec476, 0x3fe31f7432a5aa0f, 0x4000b562a783bac1,
    0xbfd854345d86cee8, 0x3fe9fb3ca4d78e8f, 0x3fffa02828673c86, 0x3ff55e0e8e263135,
    0xbfd87709a236a498, 0x3fe8adea537baa21, 0x3ff66c4369583d65, 0xbfe6bd6ad2ea7ef8,
]
VALID_S1 = [
    0xbfb7c623c5c11468, 0xbff25fecbb56af23, 0xbfe7ce63258a62ee, 0xc00379d91197204f,
    0xbfe5913ea6bb5e48, 0xbffb875530a21a2e, 0x3fff4291a9a13941, 0x3fd28f5fb7adfdbc,
    0xbfb1923dae750364, 0xc001f8a8762b69f4, 0xbff7033598d2dcf8, 0x3fbfc19ef80e4218,
    0x3ff232c50ed4a0fe, 0x400e712a52cba84d, 0xbff431c87019474a, 0x3fc4a29d5b2bbb5e,
    0xbfd3e5bfda69e267, 0x3ffc0edd48ef2632, 0x40058e56edeb25d0, 0x3f9d71818ca0ef40,
    0x3ff2000a5ee58df4, 0xc0172ea1b07738d3, 0xc00a01bc813898a0, 0xc00591b71bc5e386,
    0x4014434bdb1bb770, 0x400d5a49d7b3803f, 0x3febbf95f9f19f20, 0xc00ea2d6ad165594,
    0xc00a0b743261444e, 0xbfeffa4a58c64a2a, 0x3ff967de15f7f7eb, 0x400eb26a9217135f,
    0xbff6f0f190e684b3, 0xbffa2ec439788866, 0xc0014e85593b3dbb, 0xbfeee323a72be422,
    0x3fbd7e951f9982e0, 0xbffed04f48fba620, 0xbff5009a494b17db, 0x3fd4ffd6313b0ca6,
    0x4000c458761dbfd2, 0x40026c09952d28b1, 0x3fc068133ba48a04, 0xbfe0cd61c713dd64,
    0xbfd9a49f8b31fd12, 0x40002fef550786d7, 0x4003bf1bcf7f15ba, 0xbff516340e07ca31,
    0xbfced3dbfa937908, 0xc00827ab025eddbc, 0x4008aaf31bc1c9e4, 0xbffb1d82aa5b8c46,
    0x3fe13c9e228e8d3a, 0xc0123a420caf92da, 0xc006460e3e0dfa9c, 0xc005d6b264e4de74,
    0x3fda8d9a70e54fb1, 0x40110e1cf9c7b710, 0x40012cd611c6f656, 0xbff9132a1c389716,
    0xc0108201b6a6087e, 0xc006ea5cf5985b08, 0x4012c296b33c754e, 0x4012aba93a5622a2,
    0x4002b0a72725b7a2, 0xc0138463d50916f7, 0xc00fd6cf4ade00ea, 0xc00788be03d08193,
    0x3ffd592e0326df08, 0x3ff30ce45df8a2e7, 0x40020867c0cae75d, 0xbffc14d476230b26,
    0xbfab5f167b56edf4, 0x3fd5f242efffd0d5, 0x400de03f2d8c3abb, 0x3ff617a90d4a88fa,
    0xbfeab61246718ce2, 0xc0096ae73aa29b61, 0xc0006665778803c5, 0xbfcecac160b67330,
    0x400a971dd8f416e2, 0x3ffe9747706df04f, 0xbfe10f0c13cd8763, 0xbff7f2bea453ccf9,
    0xc0061ff936d3cf32, 0x3fe2b3a4635c23fe, 0xc000b4f115104744, 0x3ff2ed311d8fdcfb,
    0xbfd145035d7d8452, 0x3ff75502cc80b5e9,
]

ODD_COLUMN = [
    0x3ffc780585cacc77, 0x3fff650e0686f93c, 0x4005587b255b0198, 0x3fecaca2ba7909a8,
    0xc0121bf3dfb49b4b, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x3ffbe32b673ad708, 0x3ffe2daf12b4ac3e,
    0x4004c921fd18597a, 0x3fec6eda8707a4ca, 0xc01230939284956c, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x3fd4cac9e55d9e60, 0x40108f34e3082400, 0xbff7cd21e17efbb2, 0x3fee4209bc8d713e,
    0xc01014b9de6215e1, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x3fd19f246c870968, 0x4010499fd455ebca,
    0xbff9ac5385e9ee67, 0x3feee244e326922c, 0xc01020408fb18f9e, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x3fcce470e32a1c90, 0x401002dcfb744aae, 0xbffb89a978ef2552, 0x3fef8043cbf9c04a,
    0xc0102a9c75653e27, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x3fc6888196029fd0, 0x400f75e2ef03b305,
    0xbffd65012e17cc75, 0x3ff00dfd83c6e6cd, 0xc01033cccf8c9fc0, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x3fc02af0c54a1b30, 0x400ee3c4fa2c344e, 0xbfff3e383ddb3dbd, 0x3ff05aafa85430f4,
    0xc0103bd0f3e56a1e, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x3fb39868c5d625e0, 0x400e4f6aabc207b9,
    0xc0008a96340e3bab, 0x3ff0a632c68f681b, 0xc01042a84de7dc9c, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0xc00bf03809aa9a41, 0x400678d853b1a5cf, 0xbfe527399b4b0d6c, 0x4006662df2631cce,
    0xc010689e7ba3a1c5, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0xc00c137096f1b3fe, 0x400668cd6ba579e7,
    0xbfe760f0483c4d18, 0x4006664a69ae8f0e, 0xc0108ae669417afc, 0x0000000000000000,
    0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
]
ONE_BY_ONE = [
    0x3fc07fb4538b0870, 0xbffd2c80f5c6040d, 0x3ffa8b110729ce50, 0x3fc92e5a0c061d48,
    0xbffda12a399220f2, 0x3ff9e79fd9f7bf67, 0x3fd0eadacca8a028, 0xbffe0d3fa4b97773,
    0x3ff93caedf067fc7, 0x3fd539a2d39ff450, 0xbffe70a1ed272a22, 0x3ff88a6f92ccb5ce,
    0x3fd98245dbc61a88, 0xbffecb344d8366a8, 0x3ff7d1158f324726, 0x3fddc3866d56d69c,
    0xbfff1cdc8d879b1d, 0x3ff710d67ca02ea6, 0x3fe0fe1499ea163e, 0xbfff658309959df3,
    0x3ff649ea0277e71f, 0x3fe3157aaca7bd06, 0xbfffa512b98f911c, 0x3ff57c89b6f6e9a1,
    0x3fe5275a707cdd88, 0xbfffdb7936ee8d75, 0x3ff4a8f10e8ae95f, 0x3fe7331a80705b36,
    0xc0000453610b25a9, 0x3ff3cf5d4a9ba3d3, 0x3fe938233d5f8ec4, 0xc000164723721fcd,
    0x3ff2f00d67cf37b9, 0x3feb35def9e2f54b, 0xc0002392b03c7004, 0x3ff20b420bce33e9,
    0x3fed2bba25a2c4c0, 0xc0002c322e1cf7c5, 0x3ff1213d728c931f, 0x3fef1923780ee591,
    0xc00030231e067c46, 0x3ff032435b1d21ed, 0x3ff07ec60d36f0db, 0xc0002f645be4a5be,
    0x3fee7d31e8299d06, 0x3ff16c33e89b58f6, 0xc00029f61ef08df0, 0x3fec8d098f0726d0,
    0x3ff254969254b056, 0xc0001fd9f9a0c48f, 0x3fea949d4d119f94, 0x3ff337aac44d616b,
    0xc0001112d934ca17, 0x3fe8947f2911d2bc, 0x3ff4152ec1b3e704, 0xbffffb4a09b8580f,
    0x3fe68d4364149ae6, 0x3ff4ece26a029b45, 0xbfffcb2c38f2ed7e, 0x3fe47f804e7fbf14,
]

def _input_gradient_bits(xshape, fshape, strides, padding, seed):
    x, f = seeded_operands(seed, xshape, fshape, dtype='float64')
    return cos_weighted_gradient_bits(lambda: tf.nn.conv2d(x, f, strides, padding), [x], dtype='float64')[0]


def test_small_same_convolution_in_the_default_mode():
    assert _input_gradient_bits((1, 4, 4, 2), (3, 3, 2, 10), 1, 'SAME', 18) == SAME_S1


def test_paired_lanes_past_eight_output_channels(exact_math):
    assert _input_gradient_bits((2, 5, 5, 2), (3, 3, 2, 9), 2, 'VALID', 20) == VALID_S2


def test_valid_convolution(exact_math):
    assert _input_gradient_bits((1, 5, 6, 3), (3, 3, 3, 4), 1, 'VALID', 23) == VALID_S1


def test_last_odd_buffer_column(exact_math):
    assert _input_gradient_bits((1, 5, 4, 5), (3, 1, 5, 9), (1, 2), 'SAME', 38) == ODD_COLUMN


def test_one_by_one_kernel_over_one_channel(exact_math):
    assert _input_gradient_bits((3, 5, 4, 1), (1, 1, 1, 6), 1, 'VALID', 30) == ONE_BY_ONE

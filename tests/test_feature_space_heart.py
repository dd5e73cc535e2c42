"""The keras.io example "Structured data classification with FeatureSpace", on a synthetic
heart-disease-shaped table (numpy columns from a fixed seed; no pandas), against TF 2.21 / Keras 3.15.1.

The pinned values were printed by this test's program run under /opt/tfref/bin/python with
`import tensorflow as tf`, `from tensorflow import keras` and `from keras.utils import FeatureSpace`.
As in the example, the datasets are shuffled and the training model starts at the encoded tensor
(`keras.Model(inputs=encoded_features, ...)`, whose Input Keras names 'keras_tensor_25CLONE').
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.keras.utils import FeatureSpace


def heart_columns(n=303, seed=7):
    """Columns shaped like the Cleveland heart-disease CSV (ages, sexes, chest pain types, ...)."""
    rng = np.random.RandomState(seed)
    cols = {
        'age': rng.randint(29, 78, n), 'sex': rng.randint(0, 2, n), 'cp': rng.randint(0, 5, n),
        'trestbps': rng.randint(94, 201, n), 'chol': rng.randint(126, 565, n), 'fbs': rng.randint(0, 2, n),
        'restecg': rng.randint(0, 3, n), 'thalach': rng.randint(71, 203, n), 'exang': rng.randint(0, 2, n),
        'oldpeak': np.round(rng.uniform(0, 6.2, n), 1), 'slope': rng.randint(1, 4, n), 'ca': rng.randint(0, 4, n),
        'thal': rng.choice(np.array(['fixed', 'normal', 'reversible'], dtype=object), n),
    }
    cols = {k: v.astype(np.int64) if v.dtype.kind == 'i' else v for k, v in cols.items()}
    score = (cols['age'] - 50) / 10 + cols['sex'] + (cols['cp'] - 2) * 0.5 + cols['exang'] \
        + cols['oldpeak'] / 2 - (cols['thalach'] - 140) / 30 + (cols['thal'] == 'reversible')
    cols['target'] = (score + rng.normal(0, 1, n) > 1.5).astype(np.int64)
    perm = np.random.RandomState(1337).permutation(n)
    val, train = np.sort(perm[:61]), np.sort(perm[61:])
    return {k: v[train] for k, v in cols.items()}, {k: v[val] for k, v in cols.items()}


def to_dataset(frame):
    frame = dict(frame)
    labels = frame.pop('target')
    return tf.data.Dataset.from_tensor_slices((frame, labels)).shuffle(buffer_size=len(labels))


# From Keras (see the module docstring).
AGE_BINS = [30.467348098754883, 32.41602325439453, 33.960304260253906, 36.016048431396484, 36.99969482421875,
            38.1839714050293, 41.0, 41.75651550292969, 43.16935348510742, 44.74536895751953,
            46.800357818603516, 48.04508590698242, 50.04829406738281, 51.89244842529297, 55.052757263183594,
            56.84856414794922, 57.65058135986328, 59.41163635253906, 61.098297119140625, 62.045433044433594,
            63.22251892089844, 66.427734375, 67.78742218017578, 69.89002990722656, 71.05342864990234,
            72.01380920410156, 73.16020202636719, 75.01811981201172, 76.520263671875]
MOMENTS = {'trestbps': (146.2355499267578, 945.5189208984375),
           'chol': (331.90496826171875, 13970.103515625),
           'thalach': (137.25205993652344, 1476.4365234375),
           'oldpeak': (3.1330578327178955, 3.0829570293426514),
           'slope': (2.0, 0.6280992031097412)}
VOCABULARIES = {'sex': [0, 1], 'cp': [0, 2, 1, 4, 3], 'fbs': [1, 0], 'restecg': [1, 2, 0], 'exang': [1, 0],
                'ca': [3, 1, 2, 0], 'thal': ['reversible', 'fixed', 'normal']}
FIRST_EXAMPLE = {'age': 36, 'sex': 0, 'cp': 4, 'trestbps': 181, 'chol': 129, 'fbs': 1, 'restecg': 1, 'thalach': 148,
                 'exang': 1, 'oldpeak': 1.5, 'slope': 2, 'ca': 3, 'thal': 'fixed'}
FIRST_ROW = [(10, 1.0), (33, 1.0), (34, -0.05842004343867302), (39, 1.0), (41, 1.0), (43, 1.0),
             (44, 1.1771844625473022), (47, 1.0), (48, 1.0), (50, 1.2617865800857544), (51, 1.0),
             (54, -0.7873132228851318), (55, -1.0483347177505493), (114, 1.0), (124, 1.0)]
LAYERS = [('age', 'InputLayer'), ('ca', 'InputLayer'), ('sex', 'InputLayer'), ('thal', 'InputLayer'),
          ('float_discretized_preprocessor', 'Discretization'), ('integer_categorical_5_preprocessor', 'IntegerLookup'),
          ('cp', 'InputLayer'), ('exang', 'InputLayer'), ('fbs', 'InputLayer'), ('restecg', 'InputLayer'),
          ('integer_categorical_preprocessor', 'IntegerLookup'), ('string_categorical_preprocessor', 'StringLookup'),
          ('chol', 'InputLayer'), ('integer_categorical_1_preprocessor', 'IntegerLookup'),
          ('integer_categorical_4_preprocessor', 'IntegerLookup'), ('integer_categorical_2_preprocessor', 'IntegerLookup'),
          ('oldpeak', 'InputLayer'), ('integer_categorical_3_preprocessor', 'IntegerLookup'), ('slope', 'InputLayer'),
          ('thalach', 'InputLayer'), ('trestbps', 'InputLayer'), ('sex_X_age', 'HashedCrossing'),
          ('thal_X_ca', 'HashedCrossing'), ('category_encoding', 'CategoryEncoding'),
          ('category_encoding_1', 'CategoryEncoding'), ('float_normalized_1_preprocessor', 'Normalization'),
          ('category_encoding_2', 'CategoryEncoding'), ('category_encoding_3', 'CategoryEncoding'),
          ('category_encoding_4', 'CategoryEncoding'), ('float_normalized_3_preprocessor', 'Normalization'),
          ('category_encoding_5', 'CategoryEncoding'), ('category_encoding_6', 'CategoryEncoding'),
          ('float_normalized_4_preprocessor', 'Normalization'), ('category_encoding_7', 'CategoryEncoding'),
          ('float_normalized_2_preprocessor', 'Normalization'), ('float_normalized_preprocessor', 'Normalization'),
          ('category_encoding_8', 'CategoryEncoding'), ('category_encoding_9', 'CategoryEncoding'),
          ('tfd_concat', 'TFDConcat'), ('dense', 'Dense'), ('dropout', 'Dropout'), ('dense_1', 'Dense')]
HISTORY = {'loss': [0.7636758089065552, 0.6741495132446289, 0.6365540027618408, 0.5365381240844727,
                    0.5254808068275452, 0.5172824859619141, 0.4726983606815338, 0.4749155640602112,
                    0.445260226726532, 0.4485161006450653, 0.4537101686000824, 0.44401606917381287,
                    0.40973347425460815, 0.3966335952281952, 0.3821287155151367, 0.35642126202583313,
                    0.3745279908180237, 0.38840222358703613, 0.342827707529068, 0.3485042154788971],
           'accuracy': [0.4876033067703247, 0.56611567735672, 0.6404958963394165, 0.7438016533851624,
                        0.7727272510528564, 0.7520661354064941, 0.7644628286361694, 0.7768595218658447,
                        0.78925621509552, 0.8016529083251953, 0.8099173307418823, 0.7851239442825317,
                        0.8140496015548706, 0.8388429880142212, 0.8388429880142212, 0.8347107172012329,
                        0.8429751992225647, 0.8388429880142212, 0.8512396812438965, 0.8388429880142212],
           'val_loss': [0.7249581813812256, 0.6288268566131592, 0.5626971125602722, 0.5197060108184814,
                        0.49098387360572815, 0.47142234444618225, 0.45755916833877563, 0.44774696230888367,
                        0.441096693277359, 0.43652722239494324, 0.4332796037197113, 0.4283044636249542,
                        0.424854576587677, 0.42026931047439575, 0.4157102108001709, 0.4121038615703583,
                        0.4078734517097473, 0.4053766429424286, 0.4039834439754486, 0.40285593271255493]}
SAMPLE_PREDICTION = 0.8167198896408081
VAL_PREDICTIONS = [0.8133969902992249, 0.8151710629463196, 0.9304407835006714, 0.8063771724700928,
                   0.8728424310684204, 0.5599095225334167, 0.7973692417144775, 0.8191865086555481]


def test_heart_disease_example_matches_keras():
    keras.utils.clear_session()
    keras.utils.set_random_seed(1234)
    train_frame, val_frame = heart_columns()
    train_ds, val_ds = to_dataset(train_frame), to_dataset(val_frame)
    for x, y in train_ds.take(1):
        assert {k: v.numpy().item() if k != 'thal' else v.numpy().decode() for k, v in x.items()} == FIRST_EXAMPLE
    train_ds, val_ds = train_ds.batch(32), val_ds.batch(32)
    categorical = {n: FeatureSpace.integer_categorical(num_oov_indices=0)
                   for n in ('sex', 'cp', 'fbs', 'restecg', 'exang', 'ca')}
    feature_space = FeatureSpace(
        features=dict(categorical, thal=FeatureSpace.string_categorical(num_oov_indices=0),
                      age=FeatureSpace.float_discretized(num_bins=30),
                      **{n: FeatureSpace.float_normalized() for n in ('trestbps', 'chol', 'thalach', 'oldpeak', 'slope')}),
        crosses=[FeatureSpace.cross(feature_names=('sex', 'age'), crossing_dim=64),
                 FeatureSpace.cross(feature_names=('thal', 'ca'), crossing_dim=16)],
        output_mode='concat')
    feature_space.adapt(train_ds.map(lambda x, _: x))

    pre = feature_space.preprocessors
    assert pre['age'].bin_boundaries == pytest.approx(AGE_BINS, rel=1e-7)
    for name, (mean, variance) in MOMENTS.items():       # bit for bit: summed in TensorFlow's order
        assert (float(np.asarray(pre[name].mean).ravel()[0]), float(np.asarray(pre[name].variance).ravel()[0])) \
            == (mean, variance), name
    for name, vocabulary in VOCABULARIES.items():
        assert pre[name].get_vocabulary() == vocabulary, name

    x, _ = next(iter(train_ds))
    encoded = np.asarray(feature_space(x))
    assert encoded.shape == (32, 136)
    assert [(int(j), float(encoded[0, j])) for j in np.nonzero(encoded[0])[0]] == FIRST_ROW

    dict_inputs = feature_space.get_inputs()
    encoded_features = feature_space.get_encoded_features()
    x = keras.layers.Dense(32, activation='relu')(encoded_features)
    x = keras.layers.Dropout(0.5)(x)
    predictions = keras.layers.Dense(1, activation='sigmoid')(x)
    training_model = keras.Model(inputs=encoded_features, outputs=predictions)
    training_model.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'])
    inference_model = keras.Model(inputs=dict_inputs, outputs=predictions)
    assert [(layer.name, type(layer).__name__) for layer in training_model.layers] == [
        ('keras_tensor_25CLONE', 'InputLayer'), ('dense', 'Dense'), ('dropout', 'Dropout'), ('dense_1', 'Dense')]
    assert [(layer.name, type(layer).__name__) for layer in inference_model.layers] == LAYERS
    assert inference_model.count_params() == 4432

    history = training_model.fit(train_ds.map(lambda x, y: (feature_space(x), y)), epochs=20, verbose=0,
                                 validation_data=val_ds.map(lambda x, y: (feature_space(x), y)))
    for key in ('loss', 'val_loss'):      # the last bit may differ (BLAS matmuls)
        assert history.history[key] == pytest.approx(HISTORY[key], rel=2e-6), key
    assert history.history['accuracy'] == pytest.approx(HISTORY['accuracy'], abs=1e-7)

    sample = {'age': 60, 'sex': 1, 'cp': 1, 'trestbps': 145, 'chol': 233, 'fbs': 1, 'restecg': 2,
              'thalach': 150, 'exang': 0, 'oldpeak': 2.3, 'slope': 3, 'ca': 0, 'thal': 'fixed'}
    one = inference_model.predict({k: tf.convert_to_tensor([v]) for k, v in sample.items()}, verbose=0)
    assert float(one[0, 0]) == pytest.approx(SAMPLE_PREDICTION, rel=1e-6)
    val_x, _ = next(iter(val_ds))
    assert inference_model.predict(val_x, verbose=0)[:8].ravel().tolist() == pytest.approx(VAL_PREDICTIONS, rel=1e-6)

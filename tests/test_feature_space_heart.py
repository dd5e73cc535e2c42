"""The keras.io example "Structured data classification with FeatureSpace", on a synthetic
heart-disease-shaped table (numpy columns from a fixed seed; no pandas), against TF 2.21 / Keras 3.15.1.

The pinned values were printed by this test's program run under /opt/tfref/bin/python with
`import tensorflow as tf`, `from tensorflow import keras` and `from keras.utils import FeatureSpace`.
One change from the example: its training model starts at the encoded KerasTensor itself
(`keras.Model(inputs=encoded_features, ...)`), which tapeflow's functional models do not take yet,
so here the same Dense/Dropout layers are also called on a fresh `keras.Input((136,))`.
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
    return tf.data.Dataset.from_tensor_slices((frame, labels)).batch(32)


# From Keras (see the module docstring).
AGE_BINS = [30.49111557006836, 32.50676727294922, 33.90534973144531, 35.99436950683594, 36.99543380737305,
            38.122318267822266, 40.999996185302734, 41.77720642089844, 43.05559539794922, 44.76893997192383,
            46.810829162597656, 48.06111526489258, 50.02534484863281, 51.87568664550781, 55.032493591308594,
            56.90144729614258, 57.68051528930664, 59.39741134643555, 61.10771560668945, 62.05738830566406,
            63.2802734375, 66.32203674316406, 67.76117706298828, 69.8869400024414, 71.07825469970703,
            72.01380920410156, 73.23958587646484, 75.00080871582031, 76.54842376708984]
MOMENTS = {'trestbps': (146.2355499267578, 945.5189208984375), 'chol': (331.90496826171875, 13970.1015625),
           'thalach': (137.2520751953125, 1476.4365234375), 'oldpeak': (3.1330580711364746, 3.0829567909240723),
           'slope': (2.0, 0.6280992031097412)}
VOCABULARIES = {'sex': [0, 1], 'cp': [0, 2, 1, 4, 3], 'fbs': [1, 0], 'restecg': [1, 2, 0], 'exang': [1, 0],
                'ca': [3, 1, 2, 0], 'thal': ['reversible', 'fixed', 'normal']}
FIRST_ROW = [(28, 1.0), (31, 1.0), (34, -0.557594358921051), (36, 1.0), (41, 1.0), (42, 1.0),
             (44, 0.2659371793270111), (45, 1.0), (48, 1.0), (50, 1.2617865800857544), (52, 1.0),
             (54, 1.2166199684143066), (55, -0.13774463534355164), (82, 1.0), (129, 1.0)]
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
HISTORY = {
    'loss': [0.7568131685256958, 0.6814863085746765, 0.5962612628936768, 0.56218022108078, 0.5113034248352051,
             0.5045375227928162, 0.47292599081993103, 0.4631118178367615, 0.44495072960853577, 0.4339360296726227,
             0.444028377532959, 0.4088304042816162, 0.39247071743011475, 0.3869965076446533, 0.38637977838516235,
             0.362496942281723, 0.3711503744125366, 0.338079035282135, 0.3589026927947998, 0.36393260955810547],
    'accuracy': [0.4628099203109741, 0.5619834661483765, 0.6900826692581177, 0.6900826692581177, 0.78925621509552,
                 0.7768595218658447, 0.7933884263038635, 0.7933884263038635, 0.7438016533851624, 0.7933884263038635,
                 0.8057851195335388, 0.797520637512207, 0.797520637512207, 0.8305785059928894, 0.8099173307418823,
                 0.8305785059928894, 0.8388429880142212, 0.85537189245224, 0.8595041036605835, 0.8388429880142212],
    'val_loss': [0.7276498675346375, 0.6353553533554077, 0.5694118142127991, 0.5233747363090515,
                 0.49295300245285034, 0.47233307361602783, 0.45843306183815, 0.44846993684768677,
                 0.44241976737976074, 0.43773868680000305, 0.43327805399894714, 0.4286392629146576,
                 0.42408087849617004, 0.41945984959602356, 0.4152166545391083, 0.4118182957172394,
                 0.4086107909679413, 0.4051559269428253, 0.4027571380138397, 0.40108028054237366],
}
SAMPLE_PREDICTION = 0.8153977990150452
VAL_PREDICTIONS = [0.8316612243652344, 0.8325644731521606, 0.8343664407730103, 0.5701167583465576,
                   0.8284246921539307, 0.5358541011810303, 0.524383008480072, 0.8101688623428345]


def test_heart_disease_example_matches_keras():
    keras.utils.clear_session()
    keras.utils.set_random_seed(1234)
    train_frame, val_frame = heart_columns()
    train_ds, val_ds = to_dataset(train_frame), to_dataset(val_frame)
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

    encoded_features = feature_space.get_encoded_features()
    dense, dropout = keras.layers.Dense(32, activation='relu'), keras.layers.Dropout(0.5)
    output = keras.layers.Dense(1, activation='sigmoid')
    predictions = output(dropout(dense(encoded_features)))
    vector = keras.Input(shape=(136,))
    training_model = keras.Model(vector, output(dropout(dense(vector))))
    training_model.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'])
    inference_model = keras.Model(feature_space.get_inputs(), predictions)
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

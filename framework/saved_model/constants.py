"""TensorFlow's SavedModel constants (directory names, tags, signature keys), as TF 2.21 spells them."""
ASSETS_DIRECTORY = 'assets'
ASSETS_KEY = 'saved_model_assets'
DEBUG_DIRECTORY = 'debug'
DEBUG_INFO_FILENAME_PB = 'saved_model_debug_info.pb'
DEFAULT_SERVING_SIGNATURE_DEF_KEY = 'serving_default'
SAVED_MODEL_FILENAME_PB = 'saved_model.pb'          # TensorFlow's file; tapeflow writes saved_model.tapeflow
SAVED_MODEL_FILENAME_PBTXT = 'saved_model.pbtxt'
SAVED_MODEL_SCHEMA_VERSION = 1
VARIABLES_DIRECTORY = 'variables'
VARIABLES_FILENAME = 'variables'
SERVING, TRAINING, GPU, TPU = 'serve', 'train', 'gpu', 'tpu'
CLASSIFY_INPUTS, CLASSIFY_METHOD_NAME = 'inputs', 'tensorflow/serving/classify'
CLASSIFY_OUTPUT_CLASSES, CLASSIFY_OUTPUT_SCORES = 'classes', 'scores'
PREDICT_INPUTS, PREDICT_METHOD_NAME, PREDICT_OUTPUTS = 'inputs', 'tensorflow/serving/predict', 'outputs'
REGRESS_INPUTS, REGRESS_METHOD_NAME, REGRESS_OUTPUTS = 'inputs', 'tensorflow/serving/regress', 'outputs'

"""``tf.random.experimental``: TensorFlow's experimental aliases of the random API."""
from .random_algorithm import Algorithm, create_rng_state  # noqa: F401
from .random_generator import Generator, get_global_generator, set_global_generator  # noqa: F401
from .random_seed_ops import fold_in as stateless_fold_in, index_shuffle, split as stateless_split  # noqa: F401
from .random_seed_ops import stateless_shuffle  # noqa: F401

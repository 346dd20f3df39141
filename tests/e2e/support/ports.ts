/** The tests' free ports come from lib/, where the commands that start servers find theirs. */
export { freePort } from "../../../lib/free-port";

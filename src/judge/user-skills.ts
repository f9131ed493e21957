// The judge's CLI's user-level skill folders. A judge needs no skill, and one the user installed
// after the campaign (`cp -r <skill> ~/.claude/skills/`) would be loaded into every judge's context
// by its CLI — its name and description unblinded, its SKILL.md one read away — and bias the
// verdicts toward the arm that follows it. So each judge's namespace shows them all empty
// (./index.ts adds them to its covers); where one cannot be, the plan names it with the judged
// skill it holds. Which folders, by the descriptor's `user_skills_dirs` as campaign's isolation
// check reads them; which skills, by campaign's rule (../skill/skill-md.ts skillsNamed).
import type { NeededPath } from '../runner/agent-process.js';
import { skillsNamed } from '../skill/skill-md.js';

/** A user-level skill folder of the judge's CLI left shown to the judges, and the judged skills in it. */
export interface UserSkillsShown {
  folder: string;
  /** The judged skills it holds (a folder named like one, or whose SKILL.md names it). */
  skills: string[];
  /** Where the mounts can be made: what it holds that the judges need, which keeps it shown. Absent where no mount can be made (the plan's `unhidden` says why). */
  holds?: NeededPath;
}

/**
 * The folders of `folders` (the harness's user-level skill folders) that hold a skill named by
 * `names` and are left shown to the judges: those `leftShown` names (a cover would hide what the
 * judges need: ../runner/agent-process.ts coversLeftShown), or every one where the mounts cannot
 * be made (`leftShown` undefined).
 */
export function judgedSkillsShown(folders: readonly string[], names: readonly string[], leftShown: ReadonlyArray<{ folder: string; holds: NeededPath }> | undefined): UserSkillsShown[] {
  return folders.flatMap((folder): UserSkillsShown[] => {
    const kept = leftShown?.find((shown) => shown.folder === folder);
    if (leftShown !== undefined && kept === undefined) return [];
    const skills = [...new Set(names.flatMap((name) => skillsNamed(folder, name)))];
    return skills.length === 0 ? [] : [{ folder, skills, ...(kept ? { holds: kept.holds } : {}) }];
  });
}
